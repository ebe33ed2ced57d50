/** How long to wait for the browser to read an image's header. */
const READ_TIMEOUT_MS = 5_000;

/**
 * Width and height of an image file, read by an <img> (which needs only the header, so a huge or
 * hostile file is not decoded here); null for a file the browser cannot show (e.g. TIFF).
 */
export function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof URL.createObjectURL !== 'function' || typeof Image === 'undefined') {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (size: { width: number; height: number } | null) => {
      clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
      img.src = '';
      URL.revokeObjectURL(url);
      resolve(size);
    };
    const timer = setTimeout(() => done(null), READ_TIMEOUT_MS);
    img.onload = () =>
      done(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => done(null);
    img.src = url;
  });
}
