// Rules of publishing works that the browser checks first and the server checks again.
import { UPLOAD } from '../constants';
import { MSG } from '../messages';

/** Work states (GLOSSARY: 草稿 审核中 已发布 未通过 已下架) plus the soft-deleted state. */
export const WORK_STATUSES = [
  'draft',
  'review',
  'published',
  'rejected',
  'offline',
  'deleted',
] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

export const WORK_STATUS_TITLES: Record<WorkStatus, string> = {
  draft: '草稿',
  review: '审核中',
  published: '已发布',
  rejected: '未通过',
  offline: '已下架',
  deleted: '已删除',
};

/** States a designer may edit a work in; a published work is taken down first. */
export const EDITABLE_STATUSES: readonly WorkStatus[] = ['draft', 'rejected', 'offline'];
/** States from which a work may be sent to review. */
export const SUBMITTABLE_STATUSES: readonly WorkStatus[] = ['draft', 'rejected', 'offline'];

/** Settle-in states (GLOSSARY: 未申请 审核中 已入驻 未通过). */
export const SETTLE_STATES = ['none', 'submitted', 'settled', 'rejected'] as const;
export type SettleState = (typeof SETTLE_STATES)[number];
export const SETTLE_STATE_TITLES: Record<SettleState, string> = {
  none: '未申请',
  submitted: '审核中',
  settled: '已入驻',
  rejected: '未通过',
};

/** Limits of a work's fields. */
export const WORK_LIMITS = {
  titleMax: 50,
  descriptionMax: 500,
  tagsMax: 20,
  tagMax: 20,
  colorsMax: 8,
  /** Highest price: ¥1,000,000 in fen. */
  priceMaxFen: 100_000_000,
  /** Lowest price of a licence that is sold: ¥1. */
  priceMinFen: 100,
  classifyNameMax: 20,
  seriesTitleMax: 30,
  /** A licensable pattern needs some resolution: the shorter side in pixels. */
  minSidePx: 500,
} as const;

/** Pattern files: what the server accepts (checked by content there), by extension here. */
export const PATTERN_FILE = {
  /** §9 at most 50 files per batch. */
  maxFiles: UPLOAD.maxFiles,
  /** Same as the upload permission's limit (CREATION_UPLOAD_MAX_BYTES). */
  maxBytes: 40 * 1024 * 1024,
  extensions: ['png', 'jpg', 'jpeg', 'webp', 'tif', 'tiff'],
  /** The `accept` of a file input. */
  accept: '.png,.jpg,.jpeg,.webp,.tif,.tiff,image/png,image/jpeg,image/webp,image/tiff',
} as const;

export const PATTERN_FILE_MESSAGES = {
  format: `${MSG.formatLimit}${PATTERN_FILE.extensions.join('、')}`,
  tooLarge: '上传图片需小于40M',
  empty: '文件为空（0 字节），请重新选择',
  tooSmall: (minSide: number) => `图片尺寸过小：最短边需不少于 ${minSide} 像素`,
  tooMany: MSG.tooManyImages,
  duplicate: MSG.alreadyAdded,
} as const;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * §5 checks of one chosen file before it is sent, in the order a user fixes them: duplicate name,
 * format (by extension; the server then checks the content), empty, too large. Null when it passes.
 */
export function checkPatternFile(
  file: { name: string; size: number },
  namesAlreadyAdded: ReadonlySet<string> = new Set(),
): string | null {
  if (namesAlreadyAdded.has(file.name)) return PATTERN_FILE_MESSAGES.duplicate(file.name);
  if (!(PATTERN_FILE.extensions as readonly string[]).includes(extensionOf(file.name))) {
    return PATTERN_FILE_MESSAGES.format;
  }
  if (file.size === 0) return PATTERN_FILE_MESSAGES.empty;
  if (file.size > PATTERN_FILE.maxBytes) return PATTERN_FILE_MESSAGES.tooLarge;
  return null;
}

/** §5 "wrong dimensions": the shorter side must reach WORK_LIMITS.minSidePx. */
export function checkPatternDimensions(width: number, height: number): string | null {
  return Math.min(width, height) < WORK_LIMITS.minSidePx
    ? PATTERN_FILE_MESSAGES.tooSmall(WORK_LIMITS.minSidePx)
    : null;
}

/** §5/§9 How many of `adding` files fit next to `existing` ones (at most 50), and the message if not all. */
export function fitBatch(
  existing: number,
  adding: number,
): { accepted: number; message: string | null } {
  const room = Math.max(0, PATTERN_FILE.maxFiles - existing);
  return adding > room
    ? { accepted: room, message: PATTERN_FILE_MESSAGES.tooMany }
    : { accepted: adding, message: null };
}

/** Share of a sale that goes to the designer, in percent (the rest is the platform's service fee). */
export const DESIGNER_SHARE_PERCENT = 70;
