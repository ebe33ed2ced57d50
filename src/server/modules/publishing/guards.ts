import type { Kysely } from 'kysely';
import type { Database, WorkRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { MSG } from '@shared/messages';
import { PUBLISHING_MSG } from './messages';

// Who may do what in publishing: only the owner touches a work. Settled designers alone publish
// (spec §6): the contract's auth 'settled' says so for the calls, checked in register-call.ts.

/** A work of the caller that is not deleted: someone else's is forbidden, a missing one not found. */
export async function ownWork(
  db: Kysely<Database>,
  userId: number,
  workId: number,
): Promise<WorkRow> {
  const work = await db.selectFrom('works').selectAll().where('id', '=', workId).executeTakeFirst();
  if (!work || work.status === 'deleted') throw AppError.notFound(MSG.missing.work);
  if (work.designer_id !== userId) throw AppError.forbidden(PUBLISHING_MSG.ownWorksOnly);
  return work;
}

/** The ids among `ids` that are the caller's works (not deleted); refuses when any is not. */
export async function ownWorkIds(
  db: Kysely<Database>,
  userId: number,
  ids: readonly number[],
): Promise<WorkRow[]> {
  const rows = await db
    .selectFrom('works')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('status', '!=', 'deleted')
    .execute();
  if (rows.length !== ids.length) throw AppError.notFound(PUBLISHING_MSG.someWorksMissing);
  if (rows.some((r) => r.designer_id !== userId))
    throw AppError.forbidden(PUBLISHING_MSG.ownWorksOnly);
  return rows;
}

export function parseJsonArray<T>(json: string | null, pick: (value: unknown) => value is T): T[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter(pick) : [];
  } catch {
    return [];
  }
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isNumber = (v: unknown): v is number => typeof v === 'number';

/** Trims, drops empty and repeated entries, keeping the first spelling. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag === '' || seen.has(tag)) continue;
    seen.add(tag);
    out.push(tag);
  }
  return out;
}

export const toCount = (value: unknown): number => Number(value ?? 0);
