// What a licensed original is called when it is saved (/download/setting): by the work's name, its
// number, or the order number and the name. Pure, so the checkout and download buttons, the desktop
// and the browser name a file alike.

export const DOWNLOAD_NAME_RULES = ['title', 'workNo', 'orderTitle'] as const;
export type DownloadNameRule = (typeof DOWNLOAD_NAME_RULES)[number];

/** The choices of 下载设置 › 文件命名. */
export const DOWNLOAD_NAME_RULE_TITLES: Record<DownloadNameRule, string> = {
  title: '作品名',
  workNo: '作品编号',
  orderTitle: '订单号+作品名',
};

export const DEFAULT_DOWNLOAD_NAME_RULE: DownloadNameRule = 'title';

export const isDownloadNameRule = (value: unknown): value is DownloadNameRule =>
  typeof value === 'string' && (DOWNLOAD_NAME_RULES as readonly string[]).includes(value);

/** A work's number as the licence documents print it (作品编号), e.g. WY-00000123. */
export const workNumber = (workId: number): string => `WY-${String(workId).padStart(8, '0')}`;

export type DownloadNameInput = {
  workId: number;
  title: string;
  /** The licence order's number; without one, 订单号+作品名 names by the work's name. */
  orderNo?: string | null;
  /** The original's extension (jpg, tif, psd…), with or without the dot; dropped when not plain. */
  extension?: string | null;
};

/** Longest base name, in characters: well under the 255 of common file systems, with room for a suffix. */
export const DOWNLOAD_NAME_MAX_LENGTH = 100;

// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/** A name every desktop file system accepts: forbidden characters become _, no trailing dots or spaces. */
export function safeFileName(raw: string): string {
  const cleaned = raw.replace(FORBIDDEN, '_').replace(/\s+/g, ' ').trim();
  const cut = [...cleaned].slice(0, DOWNLOAD_NAME_MAX_LENGTH).join('');
  const trimmed = cut.replace(/[. ]+$/, '').replace(/^[. ]+/, '');
  return RESERVED.test(trimmed) ? `_${trimmed}` : trimmed;
}

/** The file name of a licensed original under a naming rule, e.g. `LS2026…_青花缠枝.tif`. */
export function downloadFileName(rule: DownloadNameRule, input: DownloadNameInput): string {
  const number = workNumber(input.workId);
  const title = safeFileName(input.title) || number;
  const orderNo = safeFileName(input.orderNo ?? '');
  const base =
    rule === 'workNo'
      ? number
      : rule === 'orderTitle' && orderNo
        ? safeFileName(`${orderNo}_${title}`)
        : title;
  const extension = (input.extension ?? '').replace(/^\./, '').toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(extension) ? `${base}.${extension}` : base;
}
