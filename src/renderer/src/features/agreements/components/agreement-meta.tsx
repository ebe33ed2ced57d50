import { chinaDateText } from '../../../lib/china-date';

/** 第 N 版 · 2021年9月30日发布 */
export const agreementMetaText = (version: number, publishedAt: string): string =>
  `第 ${version} 版 · ${chinaDateText(publishedAt)}发布`;
