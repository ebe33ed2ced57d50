import type { Kysely } from 'kysely';
import { HEADER_TYPE } from '@shared/constants';
import type { LicenceKind } from '@shared/contract/works';
import { swatchesOf } from '@shared/rules/colour-swatch';
import type { Database } from '../../db/schema';

export type PlannedLicence = { kind: LicenceKind; title: string; priceFen: number; scope: string };

const roundToYuan = (fen: number) => Math.max(100, Math.round(fen / 100) * 100);

/**
 * The licence options a work is sold with, from its listing (headerType) and base price: a
 * category-exclusive work sells the exclusive licence and a cheaper non-exclusive commercial one; a
 * material sells the material licence and an extended commercial one.
 */
export function licenceOptionsFor(headerType: number, priceFen: number): PlannedLicence[] {
  if (headerType === HEADER_TYPE.categoryExclusive) {
    return [
      {
        kind: 'category_exclusive',
        title: '品类独家授权',
        priceFen,
        scope: '所选品类内独家使用 1 年，授权期内同品类不再授权他人；可用于量产销售',
      },
      {
        kind: 'commercial',
        title: '非独家商用授权',
        priceFen: roundToYuan(priceFen * 0.4),
        scope: '非独家，可用于量产商品与电商销售，不限品类，授权 1 年',
      },
    ];
  }
  return [
    {
      kind: 'material',
      title: '素材授权',
      priceFen,
      scope: '可用于设计稿、打样与小批量生产，不可转售素材本身',
    },
    {
      kind: 'commercial',
      title: '扩展商用授权',
      priceFen: roundToYuan(priceFen * 3),
      scope: '在素材授权之外，可用于量产商品、包装与广告宣传，授权 1 年',
    },
  ];
}

function parseColours(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Derives what the catalogue filters and sells from a work's own fields: its colour swatches
 * (replaced) and its licence options (created when it has none). Call it when a work is published or
 * its colours or price change; the seed calls it for every demo work.
 */
export async function indexWorkCatalogue(db: Kysely<Database>, workId: number): Promise<void> {
  const work = await db
    .selectFrom('works')
    .select(['id', 'colors', 'header_type', 'price_fen'])
    .where('id', '=', workId)
    .executeTakeFirst();
  if (!work) return;
  await db.deleteFrom('work_colors').where('work_id', '=', workId).execute();
  const swatches = swatchesOf(parseColours(work.colors));
  if (swatches.length > 0) {
    await db
      .insertInto('work_colors')
      .values(swatches.map((swatch) => ({ work_id: workId, swatch })))
      .execute();
  }
  const existing = await db
    .selectFrom('work_licences')
    .select('id')
    .where('work_id', '=', workId)
    .executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('work_licences')
      .values(
        licenceOptionsFor(work.header_type, work.price_fen).map((l, sort) => ({
          work_id: workId,
          kind: l.kind,
          title: l.title,
          price_fen: l.priceFen,
          scope: l.scope,
          sort,
        })),
      )
      .execute();
  }
}
