import type { Kysely } from 'kysely';
import type { ThemeCard } from '@shared/contract/themes';
import type { Database } from '../../db/schema';
import { THUMB_WIDTH } from '../works/work-cards';
import { publicUrl } from '../../platform/storage/storage';
import { toCount } from '../works/catalogue-queries';

/** Themes with their cover thumbnail and count of published works; callers filter, order and page. */
export function themeCardsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('themes as t')
    .leftJoin('work_images as i', (join) =>
      join
        .onRef('i.work_id', '=', 't.cover_work_id')
        .on('i.kind', '=', 'thumb')
        .on('i.format', '=', 'webp')
        .on('i.width', '=', THUMB_WIDTH),
    )
    .select((eb) => [
      't.id',
      't.title',
      't.subtitle',
      't.is_hot',
      't.cover_work_id',
      't.created_at',
      'i.storage_key',
      eb
        .selectFrom('theme_works as tw')
        .innerJoin('works as w', 'w.id', 'tw.work_id')
        .whereRef('tw.theme_id', '=', 't.id')
        .where('w.status', '=', 'published')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('work_count'),
    ]);
}

type ThemeRow = {
  id: number;
  title: string;
  subtitle: string;
  is_hot: number;
  storage_key: string | null;
  work_count: unknown;
};

export const toThemeCard = (t: ThemeRow): ThemeCard => ({
  id: t.id,
  title: t.title,
  subtitle: t.subtitle,
  coverUrl: t.storage_key ? publicUrl(t.storage_key) : '',
  workCount: toCount(t.work_count),
  isHot: t.is_hot === 1,
});

/** Cards of the given themes, in the given order. */
export async function themeCardsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, ThemeCard>> {
  if (ids.length === 0) return new Map();
  const rows = await themeCardsQuery(db)
    .where('t.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, toThemeCard(r)]));
}
