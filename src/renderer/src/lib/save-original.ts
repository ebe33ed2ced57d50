import { serverUrl } from './platform';

// 下载原图, as the features that show the button see it: they fetch the signed link and hand it over;
// the app gives them the function (features/downloads names the file and saves it where the user chose).

/** A licensed original to save: its signed link (User/GetUserImgAuth) and what names it. */
export type OriginalToSave = {
  /** The signed server path of the original, `/files/…?expires=…&sig=…`. */
  url: string;
  workId: number;
  title: string;
  /** The licence order's number, for 订单号+作品名. */
  orderNo?: string | null;
};

export type SavedOriginal = {
  /** The name under the user's naming rule. */
  fileName: string;
  /** Where the desktop saved it; null in the browser, which chooses the place itself. */
  savedPath: string | null;
};

/** Saves a licensed original; rejects with the sentence to show when it cannot. */
export type SaveOriginal = (original: OriginalToSave) => Promise<SavedOriginal>;

/** Starts a browser download of a server URL through an <a download>. */
export function startBrowserDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = serverUrl(url);
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
