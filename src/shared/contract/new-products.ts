import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall } from './define';
import { FileKey } from './uploads';

// 新品生成 (docs/new-products.md): a buyer lays a pattern — a marketplace work or one of their own
// uploads — over a product template (T恤, 抱枕…) at a chosen repeat size, rotation and offset; the
// server renders the mock-up and keeps it as a 新品. A mock-up of a work the buyer holds no running
// licence for is shown watermarked (纹样预览); with a licence the clean image is served.

/** The product templates; their shapes and shading are drawn on the server (GetTemplates). */
export const NEW_PRODUCT_TEMPLATE_IDS = [
  'tshirt',
  'pillow',
  'tote',
  'scarf',
  'phonecase',
  'dress',
] as const;
export type NewProductTemplateId = (typeof NEW_PRODUCT_TEMPLATE_IDS)[number];

/** Repeat size: one repeat's width as a percentage of the mock-up's width. */
export const NEW_PRODUCT_SCALE_MIN = 5;
export const NEW_PRODUCT_SCALE_MAX = 100;
export const NEW_PRODUCT_SCALE_DEFAULT = 25;
/** Rotation of the pattern in whole degrees, clockwise. */
export const NEW_PRODUCT_ROTATION_MIN = -180;
export const NEW_PRODUCT_ROTATION_MAX = 180;
/** Offset of the repeat in percent of one repeat, across and down. */
export const NEW_PRODUCT_OFFSET_MIN = 0;
export const NEW_PRODUCT_OFFSET_MAX = 99;
/** How many 新品 one account keeps at most. */
export const NEW_PRODUCTS_PER_USER = 200;
export const NEW_PRODUCT_TITLE_MAX = 40;
/** Side of the drawing space the template paths are given in (viewBox 0 0 1000 1000). */
export const NEW_PRODUCT_VIEWBOX = 1000;

/** One drawn path of a template (SVG path data in the 1000 × 1000 drawing space). */
export const TemplateStroke = Type.Object({
  d: Type.String(),
  /** A colour, or 'none'. */
  fill: Type.String(),
  stroke: Type.String(),
  width: Type.Number(),
});
export type TemplateStroke = Static<typeof TemplateStroke>;

export const NewProductTemplate = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** The product's outline, filled with the pattern (even-odd: inner paths are holes). */
  shape: Type.String(),
  /** What lies under the print and is not printed (handles, a phone's camera). */
  underlay: Type.Array(TemplateStroke),
  /** Seams, hems and rims drawn over the print. */
  details: Type.Array(TemplateStroke),
  /** The backdrop colour behind the product. */
  backdrop: Type.String(),
});
export type NewProductTemplate = Static<typeof NewProductTemplate>;

export const getNewProductTemplates = defineCall({
  name: 'NewProduct/GetTemplates',
  path: apiPath('NewProduct', 'GetTemplates'),
  auth: 'public',
  tag: 'new-products',
  summary: '新品生成的产品模板：名称、轮廓与缝线（供浏览器实时预览）',
  request: Type.Object({}),
  response: Type.Array(NewProductTemplate),
});

/** Where the pattern comes from: a marketplace work, or one of the caller's own uploads (花型). */
export const NewProductSourceInput = Type.Object({
  workId: Type.Optional(Type.Integer({ minimum: 1 })),
  fileKey: Type.Optional(FileKey),
});

export const NewProductSource = Type.Object({
  kind: Type.Union([Type.Literal('work'), Type.Literal('upload')]),
  workId: Type.Union([Type.Integer(), Type.Null()]),
  fileKey: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  /** A picture of the pattern for the live preview (a work's watermarked preview). */
  imageUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** Whether mock-ups of it are clean for the caller: own pattern, own work, or a running licence. */
  licensed: Type.Boolean(),
});
export type NewProductSource = Static<typeof NewProductSource>;

export const getNewProductSource = defineCall({
  name: 'NewProduct/GetSource',
  path: apiPath('NewProduct', 'GetSource'),
  auth: 'required',
  tag: 'new-products',
  summary: '新品生成：读取一件作品或自己的花型，供预览并说明生成图是否带水印',
  request: NewProductSourceInput,
  response: NewProductSource,
});

export const NewProductSettings = Type.Object({
  templateId: Type.String({ maxLength: 20 }),
  /** Percent of the mock-up's width one repeat takes. */
  scale: Type.Integer(),
  rotation: Type.Integer(),
  offsetX: Type.Integer(),
  offsetY: Type.Integer(),
});
export type NewProductSettings = Static<typeof NewProductSettings>;

/** What the buyer needs to license the work a 新品 was made from. */
export const NewProductLicence = Type.Object({
  /** Lowest price among the work's licence options, in fen; null when it has none. */
  minPriceFen: Type.Union([Type.Integer(), Type.Null()]),
  /** Which order flow licenses it: 素材 (material) or 买断/品类独家 (purchase). */
  orderType: Type.Union([Type.Literal('material'), Type.Literal('purchase')]),
  /** Whether the work is on sale now. */
  onSale: Type.Boolean(),
});

export const NewProduct = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  templateId: Type.String(),
  templateTitle: Type.String(),
  settings: NewProductSettings,
  source: Type.Object({
    kind: Type.Union([Type.Literal('work'), Type.Literal('upload')]),
    workId: Type.Union([Type.Integer(), Type.Null()]),
    workTitle: Type.String(),
    fileKey: Type.Union([Type.String(), Type.Null()]),
  }),
  /** The picture the caller may see now: clean when licensed, else watermarked (signed, short-lived). */
  imageUrl: Type.String(),
  /** The same picture as a download with a file name. */
  downloadUrl: Type.String(),
  watermarked: Type.Boolean(),
  licensed: Type.Boolean(),
  /** Present for 新品 made of another designer's work. */
  licence: Type.Union([NewProductLicence, Type.Null()]),
  createdAt: Type.String(),
});
export type NewProduct = Static<typeof NewProduct>;

export const generateNewProduct = defineCall({
  name: 'NewProduct/Generate',
  path: apiPath('NewProduct', 'Generate'),
  auth: 'required',
  tag: 'new-products',
  summary: '生成新品：把作品或自己的花型按花回大小、旋转与偏移铺到产品模板上，渲染并保存',
  request: Type.Object({
    source: NewProductSourceInput,
    ...NewProductSettings.properties,
    title: Type.Optional(Type.String({ maxLength: 100 })),
    /** The form's key: a retry or a double click with it returns the first 新品. */
    idemKey: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  }),
  response: NewProduct,
});

export const getMyNewProducts = defineCall({
  name: 'NewProduct/GetMyNewProducts',
  path: apiPath('NewProduct', 'GetMyNewProducts'),
  auth: 'required',
  tag: 'new-products',
  summary: '我的新品（分页）；pushBeforeBuy 时只列由他人作品生成的新品（先推后买）',
  request: Type.Object({
    ...PageQuery,
    pushBeforeBuy: Type.Optional(Type.Boolean()),
  }),
  response: pageOf(NewProduct),
});

export const renameNewProduct = defineCall({
  name: 'NewProduct/Rename',
  path: apiPath('NewProduct', 'Rename'),
  auth: 'required',
  tag: 'new-products',
  summary: '重命名自己的一件新品',
  request: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    title: Type.String({ maxLength: 100 }),
  }),
  response: NewProduct,
});

export const deleteNewProduct = defineCall({
  name: 'NewProduct/Delete',
  path: apiPath('NewProduct', 'Delete'),
  auth: 'required',
  tag: 'new-products',
  summary: '删除自己的一件新品及其图片',
  request: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({ deleted: Type.Boolean() }),
});
