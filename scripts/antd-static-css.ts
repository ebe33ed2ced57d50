// `node --import tsx scripts/antd-static-css.ts > antd.css`: antd's component styles rendered once
// with the app's theme (src/renderer/src/app/antd-theme.ts), for the web build's zero-runtime mode
// (scripts/vite-antd-static-css.ts, docs/fast-pages.md). The same way antd builds its own
// dist/antd.css: every component rendered on the server into a style cache, whose component styles
// are extracted as plain CSS; the design tokens' CSS variables stay runtime (ConfigProvider still
// writes them), so the theme's colours come from the same variables as before.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { iconStyles } from '@ant-design/icons/lib/utils';
import * as antd from 'antd';
import { createElement as h, Fragment } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ANTD_THEME } from '../src/renderer/src/app/antd-theme';

type AnyComponent = ComponentType<Record<string, unknown>> & Record<string, unknown>;
const components = antd as unknown as Record<string, AnyComponent>;
const C = (name: string) => components[name]!;
const sub = (name: string, member: string) => C(name)[member] as AnyComponent;

/** Components whose default render would not register all of their styles (as antd's build-style). */
const CUSTOM: Record<string, () => ReactNode> = {
  Affix: () => h(C('Affix'), null, h('div')),
  Cascader: () => h(Fragment, null, h(C('Cascader')), h(sub('Cascader', 'Panel'))),
  Dropdown: () => h(C('Dropdown'), { menu: { items: [] } }, h('div')),
  Menu: () => h(C('Menu'), { items: [] }),
  QRCode: () => h(C('QRCode'), { value: 'https://wenyang.invalid' }),
  Tree: () => h(C('Tree'), { treeData: [] }),
  Tag: () =>
    h(Fragment, null, h(C('Tag'), { color: 'blue' }, 't'), h(C('Tag'), { color: 'success' }, 't')),
  Badge: () => h(Fragment, null, h(C('Badge')), h(sub('Badge', 'Ribbon'))),
  Space: () => h(Fragment, null, h(C('Space')), h(sub('Space', 'Compact'), null, h(C('Button')))),
  Input: () =>
    h(
      Fragment,
      null,
      h(C('Input')),
      h(sub('Input', 'Group'), null, h(C('Input')), h(C('Input'))),
      h(sub('Input', 'Search')),
      h(sub('Input', 'TextArea')),
      h(sub('Input', 'Password')),
      h(sub('Input', 'OTP')),
    ),
  Modal: () =>
    h(
      Fragment,
      null,
      h(C('Modal')),
      h(sub('Modal', '_InternalPanelDoNotUseOrYouWillBeFired')),
      h(sub('Modal', '_InternalPanelDoNotUseOrYouWillBeFired'), { type: 'confirm' }),
    ),
  message: () => h(sub('message', '_InternalPanelDoNotUseOrYouWillBeFired')),
  notification: () => h(sub('notification', '_InternalPanelDoNotUseOrYouWillBeFired')),
};
const SKIPPED = new Set(['ConfigProvider', 'Grid']);

export function antdStaticCss(): string {
  const names = Object.keys(components).filter(
    (name) =>
      !SKIPPED.has(name) &&
      typeof components[name] !== 'string' &&
      (/^[A-Z]/.test(name) || name === 'message' || name === 'notification'),
  );
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(
        C('ConfigProvider'),
        { theme: { ...ANTD_THEME, hashed: false } },
        ...names.map((name) => h(Fragment, { key: name }, CUSTOM[name]?.() ?? h(C(name)))),
      ),
    ),
  );
  // The icons' own base style (@ant-design/icons inserts it at runtime unless zero-runtime).
  return `${extractStyle(cache, { plain: true, types: 'style' })}\n${iconStyles}`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  process.stdout.write(antdStaticCss());
}
