// The web build's antd in zero-runtime mode (issue 16, docs/fast-pages.md): instead of computing and
// injecting every component's CSS-in-JS on the page's main thread at start-up, the build renders
// antd's styles once with the app's theme (scripts/antd-static-css.ts) into a hashed stylesheet that
// index.html links first in <head> (so the app's own CSS still wins ties, as when antd prepended its
// style tags), and tells providers.tsx to switch antd's runtime styles off (`__ANTD_ZERO_RUNTIME__`).
// The desktop build, the dev server and the tests keep the runtime styles.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const generator = fileURLToPath(new URL('./antd-static-css.ts', import.meta.url));
const ASSET_NAME = 'antd.css';

export function antdStaticCss(): Plugin {
  let css = '';
  return {
    name: 'wenyang:antd-static-css',
    apply: 'build',
    config() {
      return { define: { __ANTD_ZERO_RUNTIME__: 'true' } };
    },
    buildStart() {
      css = execFileSync(process.execPath, ['--import', 'tsx', generator], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      if (!css.includes('.ant-btn')) this.error('antd-static-css.ts produced no antd styles');
      this.emitFile({ type: 'asset', name: ASSET_NAME, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'asset' && item.names.includes(ASSET_NAME),
        );
        if (!asset) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${asset.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
