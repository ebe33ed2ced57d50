import type { Kysely } from 'kysely';
import type { WorkCard } from '@shared/contract/common';
import type { Database } from '../../db/schema';
import { publicUrl } from '../../platform/storage/storage';

/** Width of the list thumbnail and of the watermarked preview, as generated at publish/seed time. */
export const THUMB_WIDTH = 400;
export const PREVIEW_WIDTH = 800;

type CardRow = {
  id: number;
  title: string;
  width: number;
  height: number;
  designer_id: number;
  designer_name: string;
  category_kid: number;
  category_title: string;
  header_type: number;
  style: string;
  is_seamless: number;
  tags: string;
  colors: string;
  favourite_count: number;
  view_count: number;
  sale_count: number;
  price_fen: number;
};

/** Published works joined with what a card shows; callers add filters, order and paging. */
export function publishedCardsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('works as w')
    .innerJoin('users as u', 'u.id', 'w.designer_id')
    .innerJoin('categories as c', 'c.kid', 'w.category_kid')
    .where('w.status', '=', 'published')
    .select([
      'w.id',
      'w.title',
      'w.width',
      'w.height',
      'w.designer_id',
      'u.user_name as designer_name',
      'w.category_kid',
      'c.title as category_title',
      'w.header_type',
      'w.style',
      'w.is_seamless',
      'w.tags',
      'w.colors',
      'w.favourite_count',
      'w.view_count',
      'w.sale_count',
      'w.price_fen',
    ]);
}

function parseStringArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Turns rows into cards, looking up every image key in one query. */
export async function toWorkCards(
  db: Kysely<Database>,
  rows: readonly CardRow[],
): Promise<WorkCard[]> {
  if (rows.length === 0) return [];
  const images = await db
    .selectFrom('work_images')
    .select(['work_id', 'kind', 'storage_key'])
    .where(
      'work_id',
      'in',
      rows.map((r) => r.id),
    )
    .where((eb) =>
      eb.or([
        eb.and([
          eb('kind', '=', 'thumb'),
          eb('format', '=', 'webp'),
          eb('width', '=', THUMB_WIDTH),
        ]),
        eb.and([eb('kind', '=', 'preview'), eb('width', '=', PREVIEW_WIDTH)]),
      ]),
    )
    .execute();
  const byWork = new Map<number, { thumb?: string; preview?: string }>();
  for (const image of images) {
    const entry = byWork.get(image.work_id) ?? {};
    if (image.kind === 'thumb') entry.thumb = publicUrl(image.storage_key);
    else entry.preview = publicUrl(image.storage_key);
    byWork.set(image.work_id, entry);
  }
  return rows.map((r) => {
    const urls = byWork.get(r.id) ?? {};
    return {
      id: r.id,
      title: r.title,
      thumbUrl: urls.thumb ?? urls.preview ?? '',
      previewUrl: urls.preview ?? urls.thumb ?? '',
      width: r.width,
      height: r.height,
      designerId: r.designer_id,
      designerName: r.designer_name,
      categoryKid: r.category_kid,
      categoryTitle: r.category_title,
      headerType: r.header_type,
      style: r.style,
      isSeamless: r.is_seamless === 1,
      tags: parseStringArray(r.tags),
      colors: parseStringArray(r.colors),
      favouriteCount: r.favourite_count,
      viewCount: r.view_count,
      saleCount: r.sale_count,
      priceFen: r.price_fen,
    };
  });
}
