// The `app://wenyang/` scheme the built renderer is served from, as a plain fetch-style handler (no Electron).
// A real origin (not file://'s "null") lets the framed account site post its login message to the app,
// and clean paths work with the browser router.
import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'wenyang';
/** The app's origin as the renderer sees it (`window.location.origin`). */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** Where the built app starts (home). */
export const APP_START_URL = `${APP_ORIGIN}/`;

/** Privileges for `protocol.registerSchemesAsPrivileged`: a standard, secure origin with fetch and storage. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  corsEnabled: false,
} as const;

const INDEX_FILE = 'index.html';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.bmp': 'image/bmp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
};

/** Content type by file extension; unknown files are plain bytes. */
export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type AppPathResolution =
  /** A file inside the renderer folder; `spaFallback` says whether a missing file may become index.html. */
  | { kind: 'file'; filePath: string; spaFallback: boolean }
  | { kind: 'refused'; status: 400 | 403 | 404; reason: string };

function refusedPath(status: 400 | 403 | 404, reason: string): AppPathResolution {
  return { kind: 'refused', status, reason };
}

// A missing script or style answered with the page would be run as code; the server does the same (404).
function mayFallBackToPage(segments: readonly string[]): boolean {
  if (segments[0] === 'assets') return false;
  const extension = extname(segments.at(-1) ?? '').toLowerCase();
  return extension === '' || extension === '.html';
}

/**
 * Maps an `app://wenyang/…` URL to a file inside `rendererDir`. Refuses other hosts, undecodable paths and
 * anything that could leave the folder (encoded `..`, backslashes, drive letters, NUL).
 */
export function resolveAppPath(url: string, rendererDir: string): AppPathResolution {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refusedPath(400, 'not a URL');
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host.toLowerCase() !== APP_HOST) {
    return refusedPath(404, `not an ${APP_ORIGIN} URL`);
  }
  const rawSegments = parsed.pathname.split('/').filter((segment) => segment !== '');
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return refusedPath(400, 'malformed percent-encoding');
    }
    if (segment === '.' || segment === '..' || /[\\/:\0]/.test(segment)) {
      return refusedPath(403, 'path leaves the app folder');
    }
    segments.push(segment);
  }
  const root = resolve(rendererDir);
  if (segments.length === 0) {
    return { kind: 'file', filePath: resolve(root, INDEX_FILE), spaFallback: false };
  }
  // A folder (`/user/`) is not a file, so it is a route of the app, never a directory listing.
  const filePath = resolve(root, ...segments);
  const inside = relative(root, filePath);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
    return refusedPath(403, 'path leaves the app folder');
  }
  return { kind: 'file', filePath, spaFallback: mayFallBackToPage(segments) };
}

export type AppProtocolOptions = {
  /** The built renderer folder (`out/renderer`). */
  rendererDir: string;
  /** Content-Security-Policy sent with every page (HTML) response. */
  contentSecurityPolicy: string;
};

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

function plainResponse(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
      ...extra,
    },
  });
}

/** The handler for `protocol.handle('app', …)`: GET/HEAD of the built renderer, SPA fallback to index.html. */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const indexFile = resolve(options.rendererDir, INDEX_FILE);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plainResponse(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
    }
    const resolved = resolveAppPath(request.url, options.rendererDir);
    if (resolved.kind === 'refused') return plainResponse(resolved.status, resolved.reason);

    let filePath = resolved.filePath;
    if (!(await isFile(filePath))) {
      if (!resolved.spaFallback) return plainResponse(404, 'Not Found');
      filePath = indexFile;
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(filePath);
    } catch {
      return plainResponse(404, 'Not Found');
    }
    const contentType = contentTypeOf(filePath);
    const headers: Record<string, string> = {
      'content-type': contentType,
      'content-length': String(bytes.byteLength),
      'x-content-type-options': 'nosniff',
    };
    if (contentType.startsWith('text/html')) {
      headers['content-security-policy'] = options.contentSecurityPolicy;
      // The page names the hashed assets of this build; an update must not show the old page.
      headers['cache-control'] = 'no-cache';
    }
    const body = request.method === 'HEAD' ? null : new Uint8Array(bytes);
    return new Response(body, { status: 200, headers });
  };
}
