// What the home page's sections are called.

export const HOME_MSG = {
  hot: { title: '趋势爆款', subtitle: '工厂与电商卖家正在授权的热门花型' },
  exclusive: { title: '品类独家', subtitle: '按品类独家授权，避免同款撞图' },
  materials: { title: '素材', subtitle: '可直接用于设计的图案素材' },
} as const;

// What the back office's banner editor says (home-top carousel, docs/topics.md).
export const BANNER_MSG = {
  notFound: '横幅不存在，请刷新列表后重试',
  titleRequired: '请填写横幅标题',
  titleTooLong: (max: number) => `横幅标题不能超过 ${max} 个字`,
  imageRequired: '请上传横幅图片',
  imageWhere: '横幅',
  badLink: '横幅链接只能是本站路径（以 / 开头）或 https:// 开头的网址',
  badTime: '投放时间格式不正确，请重新选择',
  endBeforeStart: '结束时间须晚于开始时间',
  duplicateTitle: (title: string) => `该广告位已有标题为“${title}”的横幅，请换一个标题`,
  sortMismatch: '排序中的横幅与该广告位现有横幅不一致，请刷新后重试',
  zoneMismatch: '横幅不属于该广告位',
} as const;
