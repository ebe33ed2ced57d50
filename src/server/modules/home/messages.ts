// What the home page's sections are called.

export const HOME_MSG = {
  hot: { title: '趋势爆款', subtitle: '工厂与电商卖家正在授权的热门花型' },
  exclusive: { title: '品类独家', subtitle: '按品类独家授权，避免同款撞图' },
  materials: { title: '素材', subtitle: '可直接用于设计的图案素材' },
} as const;
