import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';

/** Paging input shared by list calls: pages count from 1. */
export const PageQuery = {
  pageIndex: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 1,
    description: '页码，从 1 开始',
  }),
  pageSize: Type.Integer({ minimum: 1, maximum: 60, default: 20, description: '每页条数' }),
};

export const pageOf = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer({ minimum: 0 }) });

/** A work as lists and cards show it. */
export const WorkCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Public thumbnail (WebP). */
  thumbUrl: Type.String(),
  /** Public watermarked preview. */
  previewUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  designerId: Type.Integer(),
  designerName: Type.String(),
  categoryKid: Type.Integer(),
  categoryTitle: Type.String(),
  /** §2 headerType: 3 category exclusive, 4 materials. */
  headerType: Type.Integer(),
  style: Type.String(),
  isSeamless: Type.Boolean(),
  tags: Type.Array(Type.String()),
  colors: Type.Array(Type.String()),
  favouriteCount: Type.Integer(),
  viewCount: Type.Integer(),
  saleCount: Type.Integer(),
  /** Base licence price in fen. */
  priceFen: Type.Integer(),
});
export type WorkCard = Static<typeof WorkCard>;
