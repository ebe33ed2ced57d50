// The licences a work is sold with: their titles and what each one allows (licence-options.ts).

export const LICENCE_TERMS = {
  categoryExclusive: {
    title: '品类独家授权',
    scope: '所选品类内独家使用 1 年，授权期内同品类不再授权他人；可用于量产销售',
  },
  commercial: {
    title: '非独家商用授权',
    scope: '非独家，可用于量产商品与电商销售，不限品类，授权 1 年',
  },
  material: {
    title: '素材授权',
    scope: '可用于设计稿、打样与小批量生产，不可转售素材本身',
  },
  extendedCommercial: {
    title: '扩展商用授权',
    scope: '在素材授权之外，可用于量产商品、包装与广告宣传，授权 1 年',
  },
} as const;
