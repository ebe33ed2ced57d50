import type { Kysely } from 'kysely';
import type { Banner } from '@shared/contract/home';
import { BANNER_LIMITS } from '@shared/contract/topics';
import type { AdminBanner } from '@shared/contract/topics';
import type { AppDeps } from '../../deps';
import type { BannersTable, Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { publicUrl } from '../../platform/storage/storage';
import { isAllowedLink } from '@shared/rules/editorial-links';
import { publishEditorialImage } from '../topics/public-image';
import { BANNER_MSG } from './messages';

// Advertising zones (saas.Advertise, the home-top carousel): readers get the enabled banners whose
// window contains now, in the admins' order; the back office sees and edits them all.

type Row = Omit<BannersTable, 'id' | 'link_url' | 'link_target' | 'sort' | 'enabled'> & {
  id: number;
  link_url: string;
  link_target: string;
  sort: number;
  enabled: number;
};

const chars = (s: string): number => [...s].length;

const isLive = (row: Row, nowIso: string): boolean =>
  row.enabled === 1 &&
  (row.starts_at === null || row.starts_at <= nowIso) &&
  (row.ends_at === null || row.ends_at > nowIso);

const imageUrl = (key: string): string => (key.startsWith('public/') ? publicUrl(key) : key);

const toBanner = (b: Row): Banner => ({
  bannerId: b.id,
  title: b.title,
  bannerUrl: imageUrl(b.banner_url),
  linkUrl: b.link_url,
  linkTarget: b.link_target === '_blank' ? '_blank' : '_self',
});

const toAdmin = (b: Row, nowIso: string): AdminBanner => ({
  ...toBanner(b),
  zoneName: b.zone_name,
  imageKey: b.banner_url,
  enabled: b.enabled === 1,
  startsAt: b.starts_at ?? '',
  endsAt: b.ends_at ?? '',
  sort: b.sort,
  live: isLive(b, nowIso),
});

const zoneRows = (db: Kysely<Database>, zone: string): Promise<Row[]> =>
  db
    .selectFrom('banners')
    .selectAll()
    .where('zone_name', '=', zone)
    .orderBy('sort')
    .orderBy('id')
    .execute();

async function bannerRow(db: Kysely<Database>, id: number): Promise<Row> {
  const row = await db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound(BANNER_MSG.notFound);
  return row;
}

const nowIso = (deps: Pick<AppDeps, 'now'>) => new Date(deps.now()).toISOString();

/** saas.Advertise: the zone's banners shown now. */
export async function liveBanners(
  deps: Pick<AppDeps, 'db' | 'now'>,
  zone: string,
): Promise<Banner[]> {
  const at = nowIso(deps);
  return (await zoneRows(deps.db, zone)).filter((b) => isLive(b, at)).map(toBanner);
}

/** The back office: every banner of a zone, in order, with whether it shows now. */
export async function adminBanners(
  deps: Pick<AppDeps, 'db' | 'now'>,
  zone: string,
): Promise<AdminBanner[]> {
  const at = nowIso(deps);
  return (await zoneRows(deps.db, zone)).map((b) => toAdmin(b, at));
}

/** '' → null; otherwise a valid time as ISO. */
function timeOrNull(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) throw AppError.rule(BANNER_MSG.badTime);
  return new Date(ms).toISOString();
}

export type BannerDraft = {
  bannerId?: number | undefined;
  zoneName: string;
  title: string;
  imageKey: string;
  linkUrl: string;
  linkTarget: '_self' | '_blank';
  enabled: boolean;
  startsAt: string;
  endsAt: string;
};

/**
 * Adds (no bannerId) or edits a banner. A title is unique in its zone: the same new banner sent
 * twice (a double click) is added once and the second answer is the first banner.
 */
export async function saveBanner(
  deps: Pick<AppDeps, 'db' | 'storage' | 'now'>,
  adminId: number,
  input: BannerDraft,
): Promise<AdminBanner> {
  const title = input.title.trim();
  if (title === '') throw AppError.rule(BANNER_MSG.titleRequired);
  if (chars(title) > BANNER_LIMITS.titleMax) {
    throw AppError.rule(BANNER_MSG.titleTooLong(BANNER_LIMITS.titleMax));
  }
  const linkUrl = input.linkUrl.trim();
  if (chars(linkUrl) > BANNER_LIMITS.linkMax || !isAllowedLink(linkUrl)) {
    throw AppError.rule(BANNER_MSG.badLink);
  }
  const startsAt = timeOrNull(input.startsAt);
  const endsAt = timeOrNull(input.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) throw AppError.rule(BANNER_MSG.endBeforeStart);
  const existing = input.bannerId === undefined ? null : await bannerRow(deps.db, input.bannerId);
  if (existing && existing.zone_name !== input.zoneName) {
    throw AppError.rule(BANNER_MSG.zoneMismatch);
  }
  if (input.imageKey.trim() === '') throw AppError.rule(BANNER_MSG.imageRequired);
  const imageKey = await publishEditorialImage(
    deps,
    adminId,
    input.imageKey.trim(),
    'banners',
    BANNER_MSG.imageWhere,
  );
  const at = nowIso(deps);
  const values = {
    title,
    banner_url: imageKey,
    link_url: linkUrl,
    link_target: input.linkTarget,
    enabled: input.enabled ? 1 : 0,
    starts_at: startsAt,
    ends_at: endsAt,
    updated_at: at,
  };
  const sameTitle = async () =>
    deps.db
      .selectFrom('banners')
      .selectAll()
      .where('zone_name', '=', input.zoneName)
      .where('title', '=', title)
      .executeTakeFirst();
  const twin = await sameTitle();
  if (twin && twin.id !== existing?.id) {
    // A retried add of the very same banner answers with the one already added.
    if (!existing && twin.banner_url === imageKey && twin.link_url === linkUrl) {
      return toAdmin(twin, at);
    }
    throw AppError.conflict(BANNER_MSG.duplicateTitle(title));
  }
  try {
    if (existing) {
      await deps.db.updateTable('banners').set(values).where('id', '=', existing.id).execute();
      return toAdmin(await bannerRow(deps.db, existing.id), at);
    }
    const last = await deps.db
      .selectFrom('banners')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('zone_name', '=', input.zoneName)
      .executeTakeFirst();
    const row = await deps.db
      .insertInto('banners')
      .values({
        ...values,
        zone_name: input.zoneName,
        sort: last?.sort === null || last?.sort === undefined ? 0 : Number(last.sort) + 1,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return toAdmin(await bannerRow(deps.db, row.id), at);
  } catch (err) {
    // Two adds at once: the (zone, title) index lets one through; the other answers with it.
    const winner = await sameTitle();
    if (winner && winner.id !== existing?.id) {
      if (!existing && winner.banner_url === imageKey) return toAdmin(winner, at);
      throw AppError.conflict(BANNER_MSG.duplicateTitle(title));
    }
    throw err;
  }
}

/** Switches a banner on or off (setting the same state again changes nothing). */
export async function setBannerEnabled(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: { bannerId: number; enabled: boolean },
): Promise<AdminBanner> {
  await bannerRow(deps.db, input.bannerId);
  await deps.db
    .updateTable('banners')
    .set({ enabled: input.enabled ? 1 : 0, updated_at: nowIso(deps) })
    .where('id', '=', input.bannerId)
    .execute();
  return toAdmin(await bannerRow(deps.db, input.bannerId), nowIso(deps));
}

/** Puts a zone's banners in the given order; the list must name each of them once. */
export async function sortBanners(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: { zoneName: string; bannerIds: readonly number[] },
): Promise<AdminBanner[]> {
  const rows = await zoneRows(deps.db, input.zoneName);
  const have = rows.map((r) => r.id).sort((a, b) => a - b);
  const want = [...input.bannerIds].sort((a, b) => a - b);
  if (have.length !== want.length || have.some((id, i) => id !== want[i])) {
    throw AppError.rule(BANNER_MSG.sortMismatch);
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const [sort, id] of input.bannerIds.entries()) {
      await trx.updateTable('banners').set({ sort }).where('id', '=', id).execute();
    }
  });
  return adminBanners(deps, input.zoneName);
}
