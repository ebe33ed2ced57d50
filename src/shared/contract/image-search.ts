import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PURCHASE_CATALOGUE_CATEGORY_ID } from '../constants';
import { PageQuery, WorkCard } from './common';
import { defineCall, japiPath, sapiPath } from './define';

// Image search (§1 AI/smart image search, §2 /search/picSearch and /AiSearchImg, §3 search image,
// §4 image upload for search, §5 upload rules, §7 /japi search and ai-chat calls).
//
// The image travels as Base64 inside the JSON body (not multipart): the desktop client sends every
// request through the main process as a string body, and the typed client derived from this
// contract needs no special path. The server checks every §5 rule again and answers with the exact
// message.

/** Most results of one search over both groups (同款, then 相似). */
export const IMAGE_SEARCH_RESULT_LIMIT = 200;
/** Largest Base64 string accepted, so a file just over 5 MB still gets the §5 message, not a 413. */
export const IMAGE_DATA_MAX_CHARS = 12 * 1024 * 1024;
/** Largest request body of the calls that carry an image. */
export const IMAGE_SEARCH_BODY_LIMIT = IMAGE_DATA_MAX_CHARS + 64 * 1024;
/** dict/getByKeys key of the vector-search merge category (§7 saas.getByKeys). */
export const VECTOR_SEARCH_MERGE_CATEGORY_KEY = 'vectorSearchMergeCategory';

export const SearchImageFile = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 255,
    description: '文件名（按扩展名检查 §5 格式）',
  }),
  data: Type.String({
    maxLength: IMAGE_DATA_MAX_CHARS,
    description: '图片内容，Base64（可带 data:image/…;base64, 前缀）',
  }),
});
export type SearchImageFile = Static<typeof SearchImageFile>;

/** A box on the image, in fractions (0–1) of its width and height. */
export const SearchRegion = Type.Object({
  x: Type.Number({ minimum: 0, maximum: 1 }),
  y: Type.Number({ minimum: 0, maximum: 1 }),
  w: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
  h: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
});
export type SearchRegion = Static<typeof SearchRegion>;

const searchOptions = {
  ignoreColor: Type.Boolean({ default: false, description: '忽略颜色：只比较图案结构' }),
  region: Type.Optional(SearchRegion),
  kid: Type.Optional(Type.Integer({ minimum: 1, description: '品类 kid（一级品类含其子品类）' })),
  pageIndex: PageQuery.pageIndex,
  pageSize: Type.Integer({ minimum: 1, maximum: 60, default: 20, description: '每页条数' }),
};

/** §3 search image, kept for the session: name, url, copyUrl (and its size). */
export const SearchImage = Type.Object({
  name: Type.String(),
  /** Signed link to the stored copy (≤1000×1000), for showing it; valid 1 hour. */
  url: Type.String(),
  /** Signed link valid 24 hours, kept in the session and sent back to search_url_image. */
  copyUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type SearchImage = Static<typeof SearchImage>;

export const ImageMatch = Type.Union([Type.Literal('same'), Type.Literal('similar')]);
export type ImageMatch = Static<typeof ImageMatch>;

/** A found work: its card, how close it is, and whether it is the same work (同款) or similar (相似). */
export const ImageSearchHit = Type.Object({
  ...WorkCard.properties,
  /** Higher is closer; comparable within one search only. */
  score: Type.Number(),
  match: ImageMatch,
  /** The very same picture (up to rotation, flip, scale and compression). */
  exact: Type.Boolean(),
});
export type ImageSearchHit = Static<typeof ImageSearchHit>;

export const ImageIndexState = Type.Object({
  /** Works searchable now. */
  indexed: Type.Integer(),
  /** Works still being described in the background (just after an upgrade). */
  pending: Type.Integer(),
});

export const ImageSearchResult = Type.Object({
  query: SearchImage,
  /** This page's 同款 results, then its 相似 results. */
  same: Type.Array(ImageSearchHit),
  similar: Type.Array(ImageSearchHit),
  /** Results over all pages (同款 + 相似). */
  total: Type.Integer({ minimum: 0 }),
  /** 同款 results over all pages. */
  sameTotal: Type.Integer({ minimum: 0 }),
  index: ImageIndexState,
});
export type ImageSearchResult = Static<typeof ImageSearchResult>;

export const searchImage = defineCall({
  name: 'search/search_image',
  path: japiPath('search/search_image'),
  auth: 'optional',
  tag: 'search',
  summary:
    '以图搜图：上传一张图片（Base64，§5 规则），保存为本次会话的搜索图，返回同款（含改色、裁剪、旋转、缩放、重压缩、错位）与相似作品',
  request: Type.Object({
    files: Type.Array(SearchImageFile, { minItems: 1, maxItems: 60 }),
    ...searchOptions,
  }),
  response: ImageSearchResult,
});

export const searchUrlImage = defineCall({
  name: 'search/search_url_image',
  path: japiPath('search/search_url_image'),
  auth: 'optional',
  tag: 'search',
  summary: '用本次会话已上传的搜索图（url 或 copyUrl）再搜：换页、忽略颜色、框选区域、品类筛选',
  request: Type.Object({
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    ...searchOptions,
  }),
  response: ImageSearchResult,
});

export const RecognisedCategory = Type.Object({
  kid: Type.Integer(),
  title: Type.String(),
  parentKid: Type.Union([Type.Integer(), Type.Null()]),
  /** Share of the vote, 0–1. */
  score: Type.Number(),
});

export const PaletteColour = Type.Object({
  /** '#rrggbb' */
  color: Type.String(),
  /** Share of the image area, 0–1. */
  ratio: Type.Number(),
});
export type PaletteColour = Static<typeof PaletteColour>;

export const patternRecognize = defineCall({
  name: 'pattern/recognize',
  path: japiPath('pattern/recognize'),
  auth: 'optional',
  tag: 'search',
  summary:
    '识别图案：返回最可能的品类（由最相近作品投票，用于预选品类筛选）、主色调与风格；传 files 时同时保存为搜索图',
  request: Type.Object({
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    files: Type.Optional(Type.Array(SearchImageFile, { minItems: 1, maxItems: 60 })),
    region: Type.Optional(SearchRegion),
  }),
  response: Type.Object({
    query: SearchImage,
    categories: Type.Array(RecognisedCategory),
    palette: Type.Array(PaletteColour),
    /** Most likely style key (floral, geometric…), '' when unsure. */
    style: Type.String(),
  }),
});

export const aiImageSearch = defineCall({
  name: 'ai-chat/imageSearch/search',
  path: sapiPath('ai-chat/api/imageSearch/search'),
  auth: 'optional',
  tag: 'search',
  summary: 'AI 对话中的以图搜图：图片（url 或 files）→ 同款在前、相似在后的一个列表',
  request: Type.Object({
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    files: Type.Optional(Type.Array(SearchImageFile, { minItems: 1, maxItems: 60 })),
    ...searchOptions,
  }),
  response: Type.Object({
    query: SearchImage,
    list: Type.Array(ImageSearchHit),
    total: Type.Integer({ minimum: 0 }),
  }),
});

export const procurementCatalogDetail = defineCall({
  name: 'ai-chat/procurementCatalog/detail',
  path: sapiPath('ai-chat/api/procurementCatalog/detail'),
  auth: 'optional',
  tag: 'search',
  summary: '采购目录条目详情：一件可授权作品、它的主色调，以及以图找到的同款与相似作品',
  request: Type.Object({
    id: Type.Integer({ minimum: 1, description: '作品 id' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 60, default: 12, description: '相似作品条数' }),
  }),
  response: Type.Object({
    work: WorkCard,
    palette: Type.Array(PaletteColour),
    same: Type.Array(ImageSearchHit),
    similar: Type.Array(ImageSearchHit),
  }),
});

/** One entry of the vector-search merge category: a tab of the AI search merging categories. */
export const MergeCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Category kids the tab covers (empty for the purchase catalogue). */
  kids: Type.Array(Type.Integer()),
});
export type MergeCategory = Static<typeof MergeCategory>;

/** The purchase-catalogue entry appended to the merge category (§7 saas.getByKeys). */
export const PURCHASE_CATALOGUE_ENTRY: MergeCategory = {
  id: PURCHASE_CATALOGUE_CATEGORY_ID,
  name: '采购目录',
  kids: [],
};

export const getDictByKeys = defineCall({
  name: 'platform/dict/getByKeys',
  path: sapiPath('platform/basic/dict/getByKeys'),
  auth: 'optional',
  tag: 'search',
  summary: `按键取平台字典（值为 JSON）；${VECTOR_SEARCH_MERGE_CATEGORY_KEY}（以图搜图合并品类）末尾追加采购目录（id ${PURCHASE_CATALOGUE_CATEGORY_ID}）；未知键为 null`,
  request: Type.Object({
    keys: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 50 }),
  }),
  response: Type.Record(Type.String(), Type.Unknown()),
});
