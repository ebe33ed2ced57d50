import type { Kysely } from 'kysely';
import {
  ACTIVITY_RULES_MAX,
  ACTIVITY_RULES_MIN,
  ACTIVITY_STATUS_TITLES,
  ACTIVITY_SUMMARY_MAX,
  ACTIVITY_TITLE_MAX,
} from '@shared/contract/activities';
import type {
  ActivityDetail,
  ActivityKind,
  ActivityParticipant,
  ActivityStatus,
  ActivitySummary,
  AdminActivity,
} from '@shared/contract/activities';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { chinaDay, chinaDayStartMs } from '../../platform/china-time';
import { maskPhone } from '../admin/application-review-service';
import { renderAgreementHtml } from '../agreements/render-markdown';
import { ACTIVITY_MSG } from './messages';

// Promotional activities (docs/activities.md): a window of China calendar days stored as instants
// [starts_at, ends_at); the status is the server's clock against that window, never the client's.
// Joining is one row per activity and user, so a double click or a retry joins once.

type Db = Pick<AppDeps, 'db'>;
type Clock = Pick<AppDeps, 'db' | 'now'>;
type Row = {
  id: number;
  title: string;
  kind: string;
  summary: string;
  cover_url: string;
  rules_md: string;
  starts_at: string;
  ends_at: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const chars = (s: string): number => [...s].length;
const COLUMNS = [
  'id',
  'title',
  'kind',
  'summary',
  'cover_url',
  'rules_md',
  'starts_at',
  'ends_at',
] as const;

/** Where the window stands at `now`: before its start, inside it, or past its end. */
export function activityStatus(now: number, startsAt: string, endsAt: string): ActivityStatus {
  if (now < Date.parse(startsAt)) return 'notStarted';
  if (now >= Date.parse(endsAt)) return 'ended';
  return 'running';
}

const kindOf = (kind: string): ActivityKind => (kind === 'signup' ? 'signup' : 'contest');

async function participantCounts(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('activity_participants')
    .select(['activity_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('activity_id', 'in', ids)
    .groupBy('activity_id')
    .execute();
  return new Map(rows.map((r) => [r.activity_id, Number(r.n)]));
}

function toSummary(row: Row, now: number, count: number): ActivitySummary {
  const status = activityStatus(now, row.starts_at, row.ends_at);
  return {
    id: row.id,
    title: row.title,
    kind: kindOf(row.kind),
    summary: row.summary,
    coverUrl: row.cover_url,
    startDay: chinaDay(Date.parse(row.starts_at)),
    // ends_at is the start of the day after the last one.
    endDay: chinaDay(Date.parse(row.ends_at) - 1),
    status,
    statusTitle: ACTIVITY_STATUS_TITLES[status],
    participantCount: count,
  };
}

/** The activity a visitor lands on: the running one ending soonest, else the next, else the last. */
async function currentActivity(db: Kysely<Database>, now: string): Promise<Row | undefined> {
  const running = await db
    .selectFrom('activities')
    .select(COLUMNS)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('ends_at', 'asc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (running) return running;
  const next = await db
    .selectFrom('activities')
    .select(COLUMNS)
    .where('starts_at', '>', now)
    .orderBy('starts_at', 'asc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (next) return next;
  return db
    .selectFrom('activities')
    .select(COLUMNS)
    .orderBy('ends_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function activityById(db: Kysely<Database>, id: number): Promise<Row> {
  const row = await db
    .selectFrom('activities')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(ACTIVITY_MSG.notFound);
  return row;
}

/** AT/GetDetail: one activity (or the current one) with its rules and the caller's participation. */
export async function activityDetail(
  deps: Clock,
  userId: number | null,
  id: number | undefined,
): Promise<ActivityDetail> {
  const { db } = deps;
  const now = deps.now();
  const row =
    id === undefined
      ? await currentActivity(db, new Date(now).toISOString())
      : await activityById(db, id);
  if (!row) throw AppError.notFound(ACTIVITY_MSG.noneYet);
  const count = (await participantCounts(db, [row.id])).get(row.id) ?? 0;
  let joined: boolean | null = null;
  if (userId !== null) {
    const mine = await db
      .selectFrom('activity_participants')
      .select('id')
      .where('activity_id', '=', row.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    joined = mine !== undefined;
  }
  return {
    ...toSummary(row, now, count),
    rulesHtml: renderAgreementHtml(row.rules_md),
    joined,
  };
}

const STATUS_RANK: Record<ActivityStatus, number> = { running: 0, notStarted: 1, ended: 2 };

/** AT/GetRecommendActivityList: running first (ending soonest), then upcoming, then recently ended. */
export async function recommendedActivities(deps: Clock, size: number): Promise<ActivitySummary[]> {
  const { db } = deps;
  const now = deps.now();
  const nowIso = new Date(now).toISOString();
  const [open, ended] = await Promise.all([
    db
      .selectFrom('activities')
      .select(COLUMNS)
      .where('ends_at', '>', nowIso)
      .orderBy('starts_at', 'asc')
      .limit(size)
      .execute(),
    db
      .selectFrom('activities')
      .select(COLUMNS)
      .where('ends_at', '<=', nowIso)
      .orderBy('ends_at', 'desc')
      .limit(size)
      .execute(),
  ]);
  const rows = [...open, ...ended];
  const counts = await participantCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .map((r) => toSummary(r, now, counts.get(r.id) ?? 0))
    .sort(
      (a, b) =>
        STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
        (a.status === 'running'
          ? a.endDay.localeCompare(b.endDay)
          : a.status === 'notStarted'
            ? a.startDay.localeCompare(b.startDay)
            : b.endDay.localeCompare(a.endDay)) ||
        b.id - a.id,
    )
    .slice(0, size);
}

/** AT/JoinActivity: a running activity takes each user once; joining again changes nothing. */
export async function joinActivity(
  deps: Clock,
  userId: number,
  id: number,
): Promise<{ joined: boolean; participantCount: number }> {
  const { db } = deps;
  const row = await activityById(db, id);
  const now = deps.now();
  const status = activityStatus(now, row.starts_at, row.ends_at);
  if (status === 'notStarted') {
    throw AppError.rule(ACTIVITY_MSG.notStarted(chinaDay(Date.parse(row.starts_at))));
  }
  if (status === 'ended') throw AppError.rule(ACTIVITY_MSG.ended);
  // The unique (activity_id, user_id) pair lets the first of any number of clicks in.
  await db
    .insertInto('activity_participants')
    .values({ activity_id: id, user_id: userId, joined_at: new Date(now).toISOString() })
    .onConflict((oc) => oc.columns(['activity_id', 'user_id']).doNothing())
    .execute();
  const count = (await participantCounts(db, [id])).get(id) ?? 0;
  return { joined: true, participantCount: count };
}

// The back office.

const toAdmin = (row: Row, now: number, count: number): AdminActivity => ({
  ...toSummary(row, now, count),
  rulesMarkdown: row.rules_md,
});

/** Admin/GetActivityList: every activity, newest first. */
export async function adminActivityList(deps: Clock): Promise<AdminActivity[]> {
  const rows = await deps.db
    .selectFrom('activities')
    .select(COLUMNS)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  const counts = await participantCounts(
    deps.db,
    rows.map((r) => r.id),
  );
  const now = deps.now();
  return rows.map((r) => toAdmin(r, now, counts.get(r.id) ?? 0));
}

export type ActivityInput = {
  id?: number;
  title: string;
  kind: ActivityKind;
  summary: string;
  coverUrl: string;
  rulesMarkdown: string;
  startDay: string;
  endDay: string;
};

/** Checks an activity as the admin typed it; the window in China days becomes instants. */
function checkActivity(input: ActivityInput) {
  const title = input.title.trim();
  if (title === '') throw AppError.rule(ACTIVITY_MSG.titleRequired);
  if (chars(title) > ACTIVITY_TITLE_MAX)
    throw AppError.rule(ACTIVITY_MSG.titleTooLong(ACTIVITY_TITLE_MAX));
  const summary = input.summary.trim();
  if (chars(summary) > ACTIVITY_SUMMARY_MAX) {
    throw AppError.rule(ACTIVITY_MSG.summaryTooLong(ACTIVITY_SUMMARY_MAX));
  }
  const cover = input.coverUrl.trim();
  if (cover !== '' && !/^(\/(?!\/)|https:\/\/)\S+$/.test(cover))
    throw AppError.rule(ACTIVITY_MSG.badCover);
  const rules = input.rulesMarkdown.replace(/\r\n?/g, '\n').trim();
  if (chars(rules) < ACTIVITY_RULES_MIN)
    throw AppError.rule(ACTIVITY_MSG.rulesTooShort(ACTIVITY_RULES_MIN));
  if (chars(rules) > ACTIVITY_RULES_MAX)
    throw AppError.rule(ACTIVITY_MSG.rulesTooLong(ACTIVITY_RULES_MAX));
  const start = chinaDayStartMs(input.startDay);
  const lastDay = chinaDayStartMs(input.endDay);
  if (start === null || lastDay === null) throw AppError.rule(ACTIVITY_MSG.badDay);
  if (lastDay < start) throw AppError.rule(ACTIVITY_MSG.endBeforeStart);
  return {
    title,
    kind: input.kind,
    summary,
    cover_url: cover,
    rules_md: `${rules}\n`,
    starts_at: new Date(start).toISOString(),
    // The window closes when the day after the last day starts in China (no DST there).
    ends_at: new Date(lastDay + DAY_MS).toISOString(),
  };
}

/** Admin/SaveActivity: creates an activity, or edits one (its participants stay). */
export async function saveActivity(
  deps: Clock,
  adminId: number,
  input: ActivityInput,
): Promise<AdminActivity> {
  const values = checkActivity(input);
  const at = new Date(deps.now()).toISOString();
  let id: number;
  if (input.id === undefined) {
    const row = await deps.db
      .insertInto('activities')
      .values({ ...values, created_by: adminId, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    const result = await deps.db
      .updateTable('activities')
      .set({ ...values, updated_at: at })
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw AppError.notFound(ACTIVITY_MSG.notFound);
    id = input.id;
  }
  const row = await activityById(deps.db, id);
  const count = (await participantCounts(deps.db, [id])).get(id) ?? 0;
  return toAdmin(row, deps.now(), count);
}

/** Admin/GetActivityParticipants: who joined, first come first. */
export async function activityParticipants(
  deps: Db,
  input: { id: number; pageIndex: number; pageSize: number },
): Promise<{ total: number; list: ActivityParticipant[] }> {
  await activityById(deps.db, input.id);
  const base = deps.db
    .selectFrom('activity_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.activity_id', '=', input.id);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['u.id', 'u.cai_hong_id', 'u.user_name', 'u.phone', 'p.joined_at'])
      .orderBy('p.joined_at', 'asc')
      .orderBy('p.id', 'asc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
  ]);
  return {
    total: Number(total.n),
    list: rows.map((r) => ({
      userId: r.id,
      caiHongID: r.cai_hong_id,
      nickName: r.user_name,
      phoneMasked: maskPhone(r.phone),
      joinedAt: r.joined_at,
    })),
  };
}
