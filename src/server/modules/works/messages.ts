// What the works module says (a missing work, series or category is MSG.missing).

export const WORK_MSG = {
  imageUndecodable: '图片无法解码',
  viewCountWriteFailed: (reason: string) => `浏览量写入失败：${reason}`,
  listIndexLoadFailed: (reason: string) =>
    `作品列表的内存索引载入失败（暂由数据库分页）：${reason}`,
} as const;
