// Where editorial content (topic blocks, home banners) may point: our own paths, or https
// addresses; checked in the back office's editor and again on the server.

/** An internal path (/…, not //host) or an https URL with a host; '' is "no link". */
export function isAllowedLink(link: string): boolean {
  if (link === '') return true;
  if (/[\s\\<>"]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  if (!link.startsWith('https://')) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '';
  } catch {
    return false;
  }
}

const VIDEO_FILE = /\.(mp4|webm)$/i;

/** A video file we can play in <video>: ours under /files/public/, or an https .mp4/.webm. */
export function isAllowedVideo(src: string): boolean {
  if (src.startsWith('/files/public/')) {
    return isAllowedLink(src) && !src.includes('..') && VIDEO_FILE.test(src.split('?')[0] ?? '');
  }
  if (!src.startsWith('https://') || !isAllowedLink(src)) return false;
  return VIDEO_FILE.test(new URL(src).pathname);
}
