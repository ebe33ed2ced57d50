// What word search says: the understood filters of an AI sentence, the tag groups and the index's log.

export const WORD_SEARCH_MSG = {
  colourLabel: (name: string) => `颜色：${name}`,
  styleLabel: (title: string) => `风格：${title}`,
  useLabel: (use: string) => `用途：${use}`,
  /** AI search found nothing with every condition and shows works with some loosened. */
  loosenedAll: (parts: readonly string[]) =>
    `没有同时满足全部条件的作品，已放宽${parts.map((p) => `「${p}」`).join('')}`,
  /** AI search shows the works with every condition, then works with some loosened. */
  loosenedAfter: (exact: number, parts: readonly string[]) =>
    `完全符合全部条件的作品有 ${exact} 件，其后的作品已放宽${parts.map((p) => `「${p}」`).join('')}`,
  groups: { hot: '热门搜索', style: '风格', category: '品类' },
  indexBuilding: (total: number) => `正在建立搜索索引：${total} 件作品`,
  indexProgress: (done: number, total: number) => `搜索索引 ${done}/${total}`,
  indexSyncFailed: (reason: string) => `搜索索引同步失败：${reason}`,
  indexLoaded: (works: number, words: number, rows: number, ms: number) =>
    `搜索索引已载入：${works} 件作品，${words} 个词，${rows} 条索引（${ms} ms）`,
  categoriesChanged: '品类已变化，搜索筛选随之更新',
} as const;
