import {
  NEW_PRODUCTS_PER_USER,
  NEW_PRODUCT_OFFSET_MAX,
  NEW_PRODUCT_OFFSET_MIN,
  NEW_PRODUCT_ROTATION_MAX,
  NEW_PRODUCT_ROTATION_MIN,
  NEW_PRODUCT_SCALE_MAX,
  NEW_PRODUCT_SCALE_MIN,
  NEW_PRODUCT_TITLE_MAX,
} from '@shared/contract/new-products';

// The words of 新品生成 (docs/new-products.md).

export const NEW_PRODUCT_MSG = {
  templates: {
    tshirt: 'T恤',
    pillow: '抱枕',
    tote: '帆布袋',
    scarf: '丝巾',
    phonecase: '手机壳',
    dress: '连衣裙',
  },
  /** The mark over mock-ups of works the buyer has not licensed. */
  watermark: '纹样预览',
  templateUnknown: '请选择一个产品模板',
  scaleRange: `花回大小需在 ${NEW_PRODUCT_SCALE_MIN}% 到 ${NEW_PRODUCT_SCALE_MAX}% 之间`,
  rotationRange: `旋转角度需在 ${NEW_PRODUCT_ROTATION_MIN}° 到 ${NEW_PRODUCT_ROTATION_MAX}° 之间`,
  offsetRange: `偏移需在 ${NEW_PRODUCT_OFFSET_MIN}% 到 ${NEW_PRODUCT_OFFSET_MAX}% 之间`,
  sourceOne: '请选择一件作品或一个自己的花型（只选一个）',
  workGone: '该作品不存在或已下架，无法生成新品',
  uploadGone: '找不到这个花型文件，请重新上传',
  imageUnreadable: '花型图片无法读取，请换一张图片',
  tooMany: `新品最多保存 ${NEW_PRODUCTS_PER_USER} 件，请先删除一些再生成`,
  titleEmpty: '请填写新品名称',
  titleTooLong: `新品名称不能超过 ${NEW_PRODUCT_TITLE_MAX} 个字`,
  idemReused: '这次提交与之前的生成请求不一致，请刷新页面后重试',
  notFound: '新品不存在或已删除',
  defaultTitle: (source: string, product: string) => `${source} · ${product}`,
  ownPattern: '我的花型',
  fileName: (title: string, watermarked: boolean) =>
    `${title}${watermarked ? '（纹样预览）' : ''}.jpg`,
} as const;
