// `wenyang://` links (spec issue 18): a work page or an image search, nothing else. Pure: the link comes
// from any web page or another program, so everything in it is checked and anything unexpected refused.
import { isAbsolute as isPosixAbsolute } from 'node:path/posix';
import { isAbsolute as isWindowsAbsolute } from 'node:path/win32';
import { fileURLToPath } from 'node:url';
import { isAcceptedImageName } from '../../shared/rules/search-upload';

export const DEEP_LINK_SCHEME = 'wenyang';
/** Longest link taken; a browser allows more, but no real link of the app comes near it. */
export const DEEP_LINK_MAX_LENGTH = 4096;
/** Longest image URL or path inside a search link. */
export const DEEP_LINK_IMAGE_MAX_LENGTH = 2048;
const MAX_WORK_ID = 2_147_483_647;

/** Where the image of a search link is: on the web (fetched by the main process) or on this computer. */
export type DeepLinkImage = { kind: 'url'; url: string } | { kind: 'file'; path: string };

export type DeepLink = { kind: 'work'; workId: number } | { kind: 'search'; image: DeepLinkImage };

/** A link to open, or the Chinese reason it is refused. */
export type DeepLinkResult = { ok: true; link: DeepLink } | { ok: false; reason: string };

export const DEEP_LINK_MSG = {
  notALink: '无法识别的链接',
  unknownTarget: '纹样无法打开此链接：只支持作品链接和以图搜图链接',
  badWork: '作品链接无效',
  badImage: '以图搜图链接中的图片地址无效',
  networkPath: '不能从网络共享位置读取图片，请先把图片复制到本机',
  notAnImage: '以图搜图链接中的文件不是支持的图片格式',
} as const;

const refuse = (reason: string): DeepLinkResult => ({ ok: false, reason });

// Control characters split headers and logs; NUL cuts paths short.
const hasControlCharacters = (text: string): boolean =>
  [...text].some((char) => char < ' ' || char === '\u007f');

function parseImageUrl(value: string): DeepLinkImage | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    // Credentials are a disguise (`https://bank@evil`), and never needed for a public image.
    if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
    return { kind: 'url', url: url.href };
  }
  if (url.protocol === 'file:') {
    // file://server/share is a network path: reading it on Windows would hand the user's credentials over.
    if (url.host !== '') return null;
    try {
      return { kind: 'file', path: fileURLToPath(url) };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The image of a search link: an http(s) URL, a `file:///` URL or an absolute local path to an
 * accepted image. Network paths (`\\server\share`, `//server`) are refused: merely opening one makes
 * Windows offer the user's credentials to that server.
 */
export function parseDeepLinkImage(raw: string): DeepLinkImage | { error: string } {
  const value = raw.trim();
  if (value === '' || value.length > DEEP_LINK_IMAGE_MAX_LENGTH || hasControlCharacters(value)) {
    return { error: DEEP_LINK_MSG.badImage };
  }
  if (/^[\\/]{2}/.test(value)) {
    return { error: DEEP_LINK_MSG.networkPath };
  }
  if (/^file:/i.test(value) && /^file:[\\/]{2}[^\\/]/i.test(value)) {
    return { error: DEEP_LINK_MSG.networkPath };
  }
  let image: DeepLinkImage | null;
  if (isWindowsAbsolute(value) && /^[a-z]:[\\/]/i.test(value)) {
    image = { kind: 'file', path: value };
  } else if (isPosixAbsolute(value)) {
    image = { kind: 'file', path: value };
  } else {
    image = parseImageUrl(value);
  }
  if (image === null) return { error: DEEP_LINK_MSG.badImage };
  if (image.kind === 'file') {
    if (image.path.split(/[\\/]/).some((segment) => segment === '..')) {
      return { error: DEEP_LINK_MSG.badImage };
    }
    if (!isAcceptedImageName(image.path)) return { error: DEEP_LINK_MSG.notAnImage };
  }
  return image;
}

/** Reads a `wenyang://` link: `wenyang://work/{id}` or `wenyang://search?image=<url or path>`. */
export function parseDeepLink(raw: unknown): DeepLinkResult {
  if (typeof raw !== 'string') return refuse(DEEP_LINK_MSG.notALink);
  const text = raw.trim();
  if (text.length === 0 || text.length > DEEP_LINK_MAX_LENGTH || hasControlCharacters(text)) {
    return refuse(DEEP_LINK_MSG.notALink);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(DEEP_LINK_MSG.notALink);
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return refuse(DEEP_LINK_MSG.notALink);
  if (url.username !== '' || url.password !== '' || url.port !== '') {
    return refuse(DEEP_LINK_MSG.unknownTarget);
  }
  const target = url.hostname.toLowerCase();
  // Windows and some browsers add a trailing slash to what they hand over.
  const path = url.pathname.replace(/\/$/, '');

  if (target === 'work') {
    const match = /^\/([1-9]\d{0,9})$/.exec(path);
    const workId = match ? Number(match[1]) : NaN;
    if (!Number.isSafeInteger(workId) || workId > MAX_WORK_ID || url.search !== '') {
      return refuse(DEEP_LINK_MSG.badWork);
    }
    return { ok: true, link: { kind: 'work', workId } };
  }

  if (target === 'search') {
    const images = url.searchParams.getAll('image');
    const others = [...url.searchParams.keys()].filter((key) => key !== 'image');
    if (path !== '' || images.length !== 1 || others.length > 0) {
      return refuse(DEEP_LINK_MSG.badImage);
    }
    const image = parseDeepLinkImage(images[0] ?? '');
    if ('error' in image) return refuse(image.error);
    return { ok: true, link: { kind: 'search', image } };
  }

  return refuse(DEEP_LINK_MSG.unknownTarget);
}

/**
 * The app route a link opens (see src/renderer/src/config/paths.ts): the work page, or the image
 * search results page, which shows the image once the main process has handed it over.
 */
export function deepLinkRoute(link: DeepLink): string {
  return link.kind === 'work' ? `/work/detail?id=${link.workId}` : '/search/picSearch';
}

/** The last `wenyang:` link among command-line arguments (Windows and Linux pass the link there). */
export function deepLinkFromArgv(argv: readonly unknown[]): string | null {
  for (let index = argv.length - 1; index >= 0; index -= 1) {
    const arg = argv[index];
    if (typeof arg === 'string' && arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) return arg;
  }
  return null;
}
