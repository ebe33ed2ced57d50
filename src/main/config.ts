// Desktop configuration from the environment and command line, kept free of Electron so it is testable.

export const DEFAULT_SERVER_URL = 'http://localhost:8080';
export const SERVER_URL_ENV = 'WENYANG_SERVER_URL';
export const SERVER_URL_FLAG = '--server-url';
/**
 * Where the marketplace's public images are read directly when they are not served by the server
 * itself (the server's S3_PUBLIC_BASE_URL: /files/ redirects public keys there). Its origin joins
 * the desktop's image sources; unset, images come only from the server.
 */
export const MEDIA_URL_ENV = 'WENYANG_MEDIA_URL';
export const MEDIA_URL_FLAG = '--media-url';
/** Set by `electron-vite dev` to the Vite dev server serving the renderer. */
export const RENDERER_URL_ENV = 'ELECTRON_RENDERER_URL';

export type DesktopConfig = {
  /** The marketplace server: http(s), no trailing slash. */
  serverUrl: string;
  /** The Vite dev server of the renderer, or null to load the built `out/renderer/index.html`. */
  rendererDevUrl: string | null;
  /** The origin public images are redirected to (a CDN before the bucket), or null. */
  mediaOrigin: string | null;
};

export type ConfigSources = {
  env: Readonly<Record<string, string | undefined>>;
  argv: readonly string[];
  /** A packaged app never loads a renderer from a URL given by the environment. */
  packaged: boolean;
};

function invalidUrl(name: string, raw: string, example: string): Error {
  return new Error(
    `${name} 无效：“${raw}”，需要 http:// 或 https:// 开头的地址，例如 ${example} / ` +
      `Invalid ${name} "${raw}": expected an http:// or https:// URL such as ${example}`,
  );
}

function parseHttpUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Validates a server URL and removes trailing slashes; throws one clear bilingual line when invalid. */
export function normalizeServerUrl(raw: string, name: string = SERVER_URL_ENV): string {
  const url = parseHttpUrl(raw.trim());
  // Credentials, a query or a fragment cannot be part of a base that paths are appended to.
  if (url === null || url.username || url.password || url.search || url.hash) {
    throw invalidUrl(name, raw, DEFAULT_SERVER_URL);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Value of `--flag=value` or `--flag value`; the last occurrence wins, as in most CLIs. */
export function readFlag(argv: readonly string[], flag: string): string | undefined {
  let value: string | undefined;
  argv.forEach((arg, index) => {
    if (arg.startsWith(`${flag}=`)) value = arg.slice(flag.length + 1);
    else if (arg === flag) value = argv[index + 1];
  });
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/**
 * Resolves the desktop configuration: `--server-url` beats `WENYANG_SERVER_URL` beats the default;
 * `--media-url` beats `WENYANG_MEDIA_URL`.
 */
export function resolveDesktopConfig(sources: ConfigSources): DesktopConfig {
  const fromFlag = nonEmpty(readFlag(sources.argv, SERVER_URL_FLAG));
  const serverUrl =
    fromFlag !== undefined
      ? normalizeServerUrl(fromFlag, SERVER_URL_FLAG)
      : normalizeServerUrl(nonEmpty(sources.env[SERVER_URL_ENV]) ?? DEFAULT_SERVER_URL);

  const rawRendererUrl = sources.packaged ? undefined : nonEmpty(sources.env[RENDERER_URL_ENV]);
  let rendererDevUrl: string | null = null;
  if (rawRendererUrl !== undefined) {
    const url = parseHttpUrl(rawRendererUrl.trim());
    if (url === null) throw invalidUrl(RENDERER_URL_ENV, rawRendererUrl, 'http://localhost:5173');
    rendererDevUrl = url.href;
  }
  const rawMedia =
    nonEmpty(readFlag(sources.argv, MEDIA_URL_FLAG)) ?? nonEmpty(sources.env[MEDIA_URL_ENV]);
  const mediaOrigin =
    rawMedia === undefined ? null : new URL(normalizeServerUrl(rawMedia, MEDIA_URL_ENV)).origin;
  return { serverUrl, rendererDevUrl, mediaOrigin };
}
