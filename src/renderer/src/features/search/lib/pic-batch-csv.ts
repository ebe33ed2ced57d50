import type { ImageSearchHit } from '@shared/contract/image-search';
import { downloadText, toCsv } from '../../../lib/csv';

// 导出CSV of a batch search: one line per match (a file without matches, or that failed, gets one
// line with its status), UTF-8 with a byte-order mark so Excel opens the Chinese correctly.

export const PIC_BATCH_CSV_HEADER = [
  '文件名',
  '状态',
  '匹配类型',
  '作品ID',
  '作品标题',
  '设计师',
  '相似度',
  '链接',
] as const;

export type PicBatchCsvRow = {
  fileName: string;
  /** 完成 / 失败：… / 等待中 … as shown on the page. */
  status: string;
  matches: readonly ImageSearchHit[];
};

const MATCH_LABEL: Record<ImageSearchHit['match'], string> = { same: '同款', similar: '相似' };

/** The CSV text; `linkOf` gives the absolute link of a work. */
export function picBatchCsv(
  rows: readonly PicBatchCsvRow[],
  linkOf: (workId: number) => string,
): string {
  const lines: (string | number)[][] = [];
  for (const row of rows) {
    if (row.matches.length === 0) {
      lines.push([row.fileName, row.status, '', '', '', '', '', '']);
      continue;
    }
    for (const hit of row.matches) {
      lines.push([
        row.fileName,
        row.status,
        MATCH_LABEL[hit.match],
        hit.id,
        hit.title,
        hit.designerName,
        hit.score.toFixed(4),
        linkOf(hit.id),
      ]);
    }
  }
  return toCsv(PIC_BATCH_CSV_HEADER, lines);
}

/** Offers the CSV text as a file download. */
export const downloadCsv = (fileName: string, text: string): void => downloadText(fileName, text);
