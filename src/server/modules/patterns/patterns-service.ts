import type { Kysely } from 'kysely';
import type { CallRequest } from '@shared/contract/define';
import type { PatternFile, PatternGroup, getSubmitCreationPic } from '@shared/contract/patterns';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { statusOf } from '../publishing/drafts';
import { toCount } from '../publishing/guards';
import { mapLimited, privateThumbUrl } from '../publishing/work-files';
import { PATTERN_MSG } from './messages';

// My patterns (/user/myPattern): every file the user uploaded, whether a work was made of it, and
// the user's own groups of files.

export async function listPatternFiles(
  deps: AppDeps,
  userId: number,
  input: CallRequest<typeof getSubmitCreationPic>,
): Promise<{ list: PatternFile[]; total: number }> {
  const { db } = deps;
  let q = db
    .selectFrom('uploads as up')
    .leftJoin('pattern_group_items as gi', 'gi.upload_id', 'up.id')
    .leftJoin('work_sources as s', (join) =>
      join.onRef('s.live_file_key', '=', 'up.file_key').onRef('s.designer_id', '=', 'up.user_id'),
    )
    .leftJoin('works as w', 'w.id', 's.work_id')
    .where('up.user_id', '=', userId);
  if (input.groupId !== undefined) {
    q =
      input.groupId === 0
        ? q.where('gi.group_id', 'is', null)
        : q.where('gi.group_id', '=', input.groupId);
  }
  if (input.unusedOnly) q = q.where('s.work_id', 'is', null);
  const offset = (input.pageIndex - 1) * input.pageSize;
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .select([
        'up.id',
        'up.file_key',
        'up.width',
        'up.height',
        'up.size',
        'up.format',
        'up.created_at',
        'gi.group_id',
        's.work_id',
        'w.status',
      ])
      .orderBy('up.id', 'desc')
      .limit(input.pageSize)
      .offset(offset)
      .execute(),
  ]);
  const thumbs = await mapLimited(rows, 4, (r) => privateThumbUrl(deps, r.file_key));
  return {
    total: toCount(total.n),
    list: rows.map((r, i) => ({
      id: r.id,
      fileKey: r.file_key,
      thumbUrl: thumbs[i] ?? '',
      width: r.width,
      height: r.height,
      size: r.size,
      format: r.format,
      createdAt: r.created_at,
      groupId: r.group_id ?? null,
      workId: r.work_id ?? null,
      workStatus: r.status ? statusOf({ status: r.status }) : null,
    })),
  };
}

export async function listPatternGroups(
  db: Kysely<Database>,
  userId: number,
): Promise<{ groups: PatternGroup[]; ungrouped: number }> {
  const [groups, ungrouped] = await Promise.all([
    db
      .selectFrom('pattern_groups as g')
      .leftJoin('pattern_group_items as gi', 'gi.group_id', 'g.id')
      .where('g.user_id', '=', userId)
      .groupBy(['g.id', 'g.name'])
      .select((eb) => ['g.id', 'g.name', eb.fn.count<number>('gi.upload_id').as('n')])
      .orderBy('g.id')
      .execute(),
    db
      .selectFrom('uploads as up')
      .leftJoin('pattern_group_items as gi', 'gi.upload_id', 'up.id')
      .where('up.user_id', '=', userId)
      .where('gi.group_id', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    groups: groups.map((g) => ({ id: g.id, name: g.name, fileCount: toCount(g.n) })),
    ungrouped: toCount(ungrouped.n),
  };
}

async function ownGroup(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  const row = await db
    .selectFrom('pattern_groups')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.user_id !== userId) throw AppError.notFound(PATTERN_MSG.groupMissing);
}

export async function savePatternGroupFor(
  deps: AppDeps,
  userId: number,
  input: { id?: number | undefined; name: string },
): Promise<PatternGroup> {
  const { db } = deps;
  const name = input.name.trim();
  const clash = await db
    .selectFrom('pattern_groups')
    .select('id')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (clash && clash.id !== input.id) throw AppError.conflict(PATTERN_MSG.groupNameTaken);
  let id = input.id;
  if (id !== undefined) {
    await ownGroup(db, userId, id);
    await db.updateTable('pattern_groups').set({ name }).where('id', '=', id).execute();
  } else {
    try {
      id = (
        await db
          .insertInto('pattern_groups')
          .values({ user_id: userId, name, created_at: iso(deps.now()) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } catch {
      throw AppError.conflict(PATTERN_MSG.groupNameTaken);
    }
  }
  const saved = (await listPatternGroups(db, userId)).groups.find((g) => g.id === id);
  if (!saved) throw AppError.notFound(PATTERN_MSG.groupMissing);
  return saved;
}

export async function deletePatternGroupFor(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<void> {
  await ownGroup(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('pattern_group_items').where('group_id', '=', id).execute();
    await trx.deleteFrom('pattern_groups').where('id', '=', id).execute();
  });
}

export async function movePatterns(
  db: Kysely<Database>,
  userId: number,
  target: { ids: readonly number[]; fileKeys: readonly string[] },
  groupId: number | null,
): Promise<number> {
  const asked = target.ids.length + target.fileKeys.length;
  if (asked === 0) return 0;
  const own = await db
    .selectFrom('uploads')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        ...(target.ids.length > 0 ? [eb('id', 'in', [...target.ids])] : []),
        ...(target.fileKeys.length > 0 ? [eb('file_key', 'in', [...target.fileKeys])] : []),
      ]),
    )
    .execute();
  if (own.length < Math.max(target.ids.length, target.fileKeys.length)) {
    throw AppError.notFound(PATTERN_MSG.somePatternsMissing);
  }
  const uploadIds = own.map((u) => u.id);
  if (groupId !== null) await ownGroup(db, userId, groupId);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('pattern_group_items')
      .where('upload_id', 'in', [...uploadIds])
      .execute();
    if (groupId !== null) {
      await trx
        .insertInto('pattern_group_items')
        .values(uploadIds.map((upload_id) => ({ upload_id, group_id: groupId })))
        .execute();
    }
  });
  return uploadIds.length;
}
