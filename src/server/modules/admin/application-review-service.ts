import { sql } from 'kysely';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type {
  getAdminOverview,
  getApplicationDetail,
  getApplicationList,
} from '@shared/contract/admin';
import { MSG } from '@shared/messages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { toVerifyRecord } from '../identity/identity-service';
import { isString, parseJsonArray, toCount } from '../publishing/guards';
import { toApplication } from '../settle-in/settle-in-service';

// The back office's view of designer applications (入驻申请) and its overview counts. Deciding an
// application is settle-in.ts's decideApplication.

/** A phone as reviewers see it: 138****5678. */
export const maskPhone = (phone: string | null): string =>
  phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '';

const applicationState = (state: string) =>
  state === 'approved'
    ? ('approved' as const)
    : state === 'rejected'
      ? ('rejected' as const)
      : ('submitted' as const);

/** What waits for review, and how many settled designers and published works there are. */
export async function adminOverview(
  deps: Pick<AppDeps, 'db'>,
): Promise<CallResponse<typeof getAdminOverview>> {
  const { db } = deps;
  const count = async (q: Promise<{ n: number | string | bigint }>) => toCount((await q).n);
  const [pendingApplications, pendingWorks, settledDesigners, publishedWorks] = await Promise.all([
    count(
      db
        .selectFrom('designer_applications')
        .where('state', '=', 'submitted')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
    count(
      db
        .selectFrom('works')
        .where('status', '=', 'review')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
    count(
      db
        .selectFrom('users')
        .where('settle_status', '=', 1)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
    count(
      db
        .selectFrom('works')
        .where('status', '=', 'published')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  ]);
  return { pendingApplications, pendingWorks, settledDesigners, publishedWorks };
}

/** One page of applications in a state (waiting ones by default), of a kind or all. */
export async function listApplications(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getApplicationList>,
): Promise<CallResponse<typeof getApplicationList>> {
  const state = input.state ?? 'submitted';
  let q = deps.db
    .selectFrom('designer_applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.state', '=', state);
  if (input.kind) q = q.where('a.kind', '=', input.kind);
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .select([
        'a.id',
        'a.kind',
        'a.state',
        'a.nick_name',
        'a.real_name',
        'a.company_name',
        'a.sample_keys',
        'a.created_at',
        'a.reviewed_at',
        'a.invitation_code_id',
        'u.id as user_id',
        'u.cai_hong_id',
        'u.phone',
      ])
      // Waiting applications: invited ones first (docs/activities.md), then first come, first
      // served; decided ones newest first.
      .$if(state === 'submitted', (qb) =>
        qb.orderBy(sql`case when a.invitation_code_id is null then 1 else 0 end`),
      )
      .orderBy('a.created_at', state === 'submitted' ? 'asc' : 'desc')
      .orderBy('a.id', state === 'submitted' ? 'asc' : 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
  ]);
  return {
    total: toCount(total.n),
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind === 'enterprise' ? ('enterprise' as const) : ('personal' as const),
      state: applicationState(r.state),
      nickName: r.nick_name,
      applicantName: r.kind === 'enterprise' ? r.company_name : r.real_name,
      userId: r.user_id,
      caiHongID: r.cai_hong_id,
      phoneMasked: maskPhone(r.phone),
      sampleCount: parseJsonArray(r.sample_keys, isString).length,
      createdAt: r.created_at,
      reviewedAt: r.reviewed_at,
      invited: r.invitation_code_id !== null,
    })),
  };
}

/** An application with its applicant, their identity verification and their earlier applications. */
export async function applicationDetail(
  deps: AppDeps,
  input: CallRequest<typeof getApplicationDetail>,
): Promise<CallResponse<typeof getApplicationDetail>> {
  const { db } = deps;
  const row = await db
    .selectFrom('designer_applications')
    .selectAll()
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(MSG.missing.application);
  const [user, verification, history] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow(),
    row.verification_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('identity_verifications')
          .selectAll()
          .where('id', '=', row.verification_id)
          .executeTakeFirst(),
    db
      .selectFrom('designer_applications')
      .select(['id', 'state', 'created_at', 'reject_reason'])
      .where('user_id', '=', row.user_id)
      .where('id', '!=', row.id)
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
  ]);
  return {
    application: await toApplication(deps, row),
    applicant: {
      userId: user.id,
      caiHongID: user.cai_hong_id,
      userName: user.user_name,
      phoneMasked: maskPhone(user.phone),
      registeredAt: user.created_at,
      settleStatus: user.settle_status,
    },
    verification: verification ? toVerifyRecord(verification) : null,
    history: history.map((h) => ({
      id: h.id,
      state: applicationState(h.state),
      createdAt: h.created_at,
      rejectReason: h.reject_reason,
    })),
  };
}
