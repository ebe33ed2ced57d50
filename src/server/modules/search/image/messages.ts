// What image search writes to the server log (what it tells users is MSG.imageSearch).

export const IMAGE_SEARCH_MSG = {
  log: {
    approximateUnavailable: (err: string) => `以图搜图近似索引不可用（${err}），继续使用精确检索`,
    approximateBuilding: (rows: number) => `以图搜图近似索引开始构建（${rows} 行）`,
    approximateReady: (rows: number, ms: number, source: 'built' | 'loaded') =>
      `以图搜图近似索引已就绪（${rows} 行，${source === 'loaded' ? '从文件载入' : '新建'}，${ms} ms）`,
    approximateStale: (reason: string) => `以图搜图近似索引文件已过期（${reason}），重新构建`,
    approximateFailed: (err: string) => `以图搜图近似索引构建失败（${err}），继续使用精确检索`,
    syncFailed: (err: string) => `以图搜图索引同步失败：${err}`,
    loaded: (works: number, pending: number) =>
      `以图搜图索引已载入 ${works} 件作品` +
      (pending > 0 ? `，${pending} 件待计算特征（后台进行）` : ''),
    describeInterrupted: (err: string) => `以图搜图特征计算中断：${err}`,
    describeProgress: (done: number, total: number) => `以图搜图特征计算 ${done}/${total}`,
    originalMissing: (workId: number) => `作品 ${workId} 的原图不存在，无法加入以图搜图`,
    originalUnreadable: (workId: number, reason: string) =>
      `作品 ${workId} 的原图无法解析（${reason}），未加入以图搜图`,
    previewUnreadable: (workId: number, err: string) =>
      `作品 ${workId} 的预览图无法解析（${err}），仅按原图检索`,
  },
} as const;
