import type { Kysely } from 'kysely';
import { HEADER_TYPE } from '@shared/constants';
import type { LicenceKind } from '@shared/contract/works';
import { swatchesOf } from '@shared/rules/colour-swatch';
import type { Database } from '../../db/schema';
import { LICENCE_TERMS } from './licence-vocabulary';

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
        title: LICENCE_TERMS.categoryExclusive.title,
        priceFen,
        scope: LICENCE_TERMS.categoryExclusive.scope,
      },
      {
        kind: 'commercial',
        title: LICENCE_TERMS.commercial.title,
        priceFen: roundToYuan(priceFen * 0.4),
        scope: LICENCE_TERMS.commercial.scope,
      },
    ];
  }
  return [
    {
      kind: 'material',
      title: LICENCE_TERMS.material.title,
      priceFen,
      scope: LICENCE_TERMS.material.scope,
    },
    {
      kind: 'commercial',
      title: LICENCE_TERMS.extendedCommercial.title,
      priceFen: roundToYuan(priceFen * 3),
      scope: LICENCE_TERMS.extendedCommercial.scope,
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
