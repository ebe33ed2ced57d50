import type { Kysely } from 'kysely';
import type { IpCard } from '@shared/contract/ips';
import type { Database } from '../../db/schema';
import { publicUrl } from '../../platform/storage/storage';
import { toCount } from '../works/catalogue-queries';
import { THUMB_WIDTH } from '../works/work-cards';

/** IPs with owner name, cover thumbnail and count of published works; callers filter and page. */
export function ipCardsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('ips as p')
    .innerJoin('users as u', 'u.id', 'p.owner_id')
    .leftJoin('work_images as i', (join) =>
      join
        .onRef('i.work_id', '=', 'p.cover_work_id')
        .on('i.kind', '=', 'thumb')
        .on('i.format', '=', 'webp')
        .on('i.width', '=', THUMB_WIDTH),
    )
    .select((eb) => [
      'p.id',
      'p.title',
      'p.description',
      'p.owner_id',
      'p.cover_work_id',
      'p.created_at',
      'u.user_name',
      'i.storage_key',
      eb
        .selectFrom('ip_works as iw')
        .innerJoin('works as w', 'w.id', 'iw.work_id')
        .whereRef('iw.ip_id', '=', 'p.id')
        .where('w.status', '=', 'published')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('work_count'),
    ]);
}

type IpRow = {
  id: number;
  title: string;
  description: string;
  owner_id: number;
  user_name: string;
  storage_key: string | null;
  work_count: unknown;
};

export const toIpCard = (r: IpRow): IpCard => ({
  id: r.id,
  title: r.title,
  description: r.description,
  ownerId: r.owner_id,
  ownerName: r.user_name,
  coverUrl: r.storage_key ? publicUrl(r.storage_key) : '',
  workCount: toCount(r.work_count),
});

export async function ipCardsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, IpCard>> {
  if (ids.length === 0) return new Map();
  const rows = await ipCardsQuery(db)
    .where('p.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, toIpCard(r)]));
}
