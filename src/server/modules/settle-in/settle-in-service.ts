import type { Kysely, Selectable } from 'kysely';
import type {
  ApplicationImage,
  ApplicationKind,
  DesignerApplication,
  ShopApplyInfo,
} from '@shared/contract/settle-in';
import { INDUSTRIES } from '@shared/contract/settle-in';
import type { SettleState } from '@shared/rules/publishing';
import { SETTLE_STATE_TITLES } from '@shared/rules/publishing';
import type { Database, DesignerApplicationsTable } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { latestVerified, verifyIdentity } from '../identity/identity-service';
import { isNumber, isString, parseJsonArray } from '../publishing/guards';
import { mapLimited, ownUpload, privateFileUrl, privateThumbUrl } from '../publishing/work-files';
import { MSG } from '@shared/messages';
import { SETTLE_IN_MSG } from './messages';
import { assertInvitationUsable, takeInvitationCode } from '../invitations/invitation-service';
import { NOTICES } from '../notices/notice-messages';
import { sendNotice } from '../notices/notice-service';

// Settling in: a user applies as a personal designer or a design company; a reviewer approves
// (the user becomes a settled designer with a shop or gallery) or rejects with a reason the
// applicant reads and answers by applying again.

type ApplicationRow = Selectable<DesignerApplicationsTable>;

const INDUSTRY_TITLE = new Map<number, string>(INDUSTRIES.map((i) => [i.id, i.title]));

async function imageOf(deps: AppDeps, fileKey: string): Promise<ApplicationImage> {
  const upload = await deps.db
    .selectFrom('uploads')
    .select(['width', 'height'])
    .where('file_key', '=', fileKey)
    .executeTakeFirst();
  return {
    fileKey,
    thumbUrl: await privateThumbUrl(deps, fileKey),
    url: privateFileUrl(deps, fileKey),
    width: upload?.width ?? 0,
    height: upload?.height ?? 0,
  };
}

export async function toApplication(
  deps: AppDeps,
  row: ApplicationRow,
): Promise<DesignerApplication> {
  const industryIds = parseJsonArray(row.industry_ids, isNumber);
  const samples = await mapLimited(parseJsonArray(row.sample_keys, isString), 4, (key) =>
    imageOf(deps, key),
  );
  return {
    id: row.id,
    kind: row.kind === 'enterprise' ? 'enterprise' : 'personal',
    state:
      row.state === 'approved' ? 'approved' : row.state === 'rejected' ? 'rejected' : 'submitted',
    nickName: row.nick_name,
    settledInType: row.settled_in_type,
    realName: row.real_name,
    idNumberMasked: row.id_number_masked,
    companyName: row.company_name,
    creditCode: row.credit_code,
    contactPhone: row.contact_phone,
    contactEmail: row.contact_email,
    industryIds,
    industryTitles: industryIds.map((id) => INDUSTRY_TITLE.get(id) ?? ''),
    intro: row.intro,
    samples,
    licence: row.licence_key ? await imageOf(deps, row.licence_key) : null,
    rejectReason: row.reject_reason,
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
  };
}

/** §4 The settle-in state: settled users are 已入驻; otherwise the latest application decides. */
export async function settleState(
  db: Kysely<Database>,
  userId: number,
): Promise<{ state: SettleState; latest: ApplicationRow | undefined }> {
  const [user, latest] = await Promise.all([
    db.selectFrom('users').select('settle_status').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('designer_applications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  ]);
  if (user?.settle_status === 1) return { state: 'settled', latest };
  if (latest?.state === 'submitted') return { state: 'submitted', latest };
  if (latest?.state === 'rejected') return { state: 'rejected', latest };
  return { state: 'none', latest };
}

export async function shopApplyInfo(
  deps: AppDeps,
  userId: number,
  kind?: ApplicationKind,
): Promise<ShopApplyInfo> {
  const { state, latest } = await settleState(deps.db, userId);
  let application = latest;
  if (kind && latest && latest.kind !== kind) {
    application = await deps.db
      .selectFrom('designer_applications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }
  const verified = await latestVerified(deps.db, userId, kind ?? 'personal');
  return {
    settleState: state,
    settleStateTitle: SETTLE_STATE_TITLES[state],
    verified: Boolean(verified),
    verifiedName: verified?.name ?? '',
    application: application ? await toApplication(deps, application) : null,
  };
}

/** Whether another designer uses the nickname, or another user has applied with it. */
export async function nickNameTaken(
  db: Kysely<Database>,
  nickName: string,
  exceptUserId: number,
): Promise<boolean> {
  const name = nickName.trim();
  const [designer, application] = await Promise.all([
    db
      .selectFrom('users')
      .select('id')
      .where('id', '!=', exceptUserId)
      .where('designer_status', '!=', 0)
      .where((eb) => eb(eb.fn('lower', ['user_name']), '=', name.toLowerCase()))
      .executeTakeFirst(),
    db
      .selectFrom('designer_applications')
      .select('id')
      .where('user_id', '!=', exceptUserId)
      .where('state', 'in', ['submitted', 'approved'])
      .where((eb) => eb(eb.fn('lower', ['nick_name']), '=', name.toLowerCase()))
      .executeTakeFirst(),
  ]);
  return Boolean(designer ?? application);
}

type CommonInput = {
  nickName: string;
  settledInType: 1 | 2;
  contactPhone: string;
  contactEmail: string;
  industryIds: number[];
  intro: string;
  sampleFileKeys: string[];
  /** From /sign/{Code}; '' or absent for none. */
  invitationCode?: string;
};

export type ApplicationInput =
  | (CommonInput & { kind: 'personal'; realName: string; idNumber: string })
  | (CommonInput & {
      kind: 'enterprise';
      companyName: string;
      creditCode: string;
      contactName: string;
      licenceFileKey: string;
    });

/** SubitShopApply / SubitEnterprise: checks everything, verifies the identity, records the application. */
export async function submitApplication(
  deps: AppDeps,
  userId: number,
  input: ApplicationInput,
): Promise<DesignerApplication> {
  const { db } = deps;
  const { state } = await settleState(db, userId);
  if (state === 'settled') throw AppError.rule(SETTLE_IN_MSG.alreadySettled);
  if (state === 'submitted') throw AppError.conflict(SETTLE_IN_MSG.underReview);
  const nickName = input.nickName.trim();
  if (await nickNameTaken(db, nickName, userId)) {
    throw AppError.conflict(SETTLE_IN_MSG.nickNameTaken);
  }
  for (const key of input.sampleFileKeys) await ownUpload(db, userId, key);
  if (input.kind === 'enterprise') await ownUpload(db, userId, input.licenceFileKey);
  const invitationCode = input.invitationCode?.trim() ?? '';
  if (invitationCode !== '') await assertInvitationUsable(deps, userId, invitationCode);

  let verificationId: number;
  let identity: {
    real_name: string;
    id_number_masked: string;
    company_name: string;
    credit_code: string;
  };
  if (input.kind === 'personal') {
    const existing = await latestVerified(db, userId, 'personal');
    const given = input.realName.trim() !== '' || input.idNumber.trim() !== '';
    const row =
      existing && !given
        ? existing
        : (await verifyIdentity(deps, userId, 'personal', input.realName, input.idNumber)).row;
    if (row.status !== 'verified')
      throw AppError.rule(SETTLE_IN_MSG.identityNotVerified(row.reason));
    verificationId = row.id;
    identity = {
      real_name: row.name,
      id_number_masked: row.number_masked,
      company_name: '',
      credit_code: '',
    };
  } else {
    const { row } = await verifyIdentity(
      deps,
      userId,
      'enterprise',
      input.companyName,
      input.creditCode,
    );
    if (row.status !== 'verified')
      throw AppError.rule(SETTLE_IN_MSG.enterpriseNotVerified(row.reason));
    verificationId = row.id;
    identity = {
      real_name: input.contactName.trim(),
      id_number_masked: '',
      company_name: row.name,
      credit_code: input.creditCode.replace(/\s+/g, '').toUpperCase(),
    };
  }

  const now = iso(deps.now());
  try {
    // The application and its invitation code are taken together: a code another account won a
    // moment earlier rolls this application back (docs/activities.md).
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('designer_applications')
        .values({
          user_id: userId,
          kind: input.kind,
          state: 'submitted',
          nick_name: nickName,
          settled_in_type: input.settledInType,
          ...identity,
          contact_phone: input.contactPhone,
          contact_email: input.contactEmail.trim(),
          industry_ids: JSON.stringify(input.industryIds),
          intro: input.intro.trim(),
          sample_keys: JSON.stringify(input.sampleFileKeys),
          licence_key: input.kind === 'enterprise' ? input.licenceFileKey : null,
          verification_id: verificationId,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (invitationCode === '') return inserted;
      const codeId = await takeInvitationCode(trx, {
        code: invitationCode,
        userId,
        applicationId: inserted.id,
        now: deps.now(),
      });
      await trx
        .updateTable('designer_applications')
        .set({ invitation_code_id: codeId })
        .where('id', '=', inserted.id)
        .execute();
      return { ...inserted, invitation_code_id: codeId };
    });
    return await toApplication(deps, row);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Two tabs submitted at once: the one-open-application index let only one through.
    const open = await db
      .selectFrom('designer_applications')
      .select('id')
      .where('user_id', '=', userId)
      .where('state', '=', 'submitted')
      .executeTakeFirst();
    if (open) throw AppError.conflict(SETTLE_IN_MSG.underReview);
    throw err;
  }
}

/**
 * A reviewer's decision. Approval makes the applicant a settled designer (settleStatus 1) with the
 * nickname as shop name and the chosen shop type; a design company also gets its enterprise hall.
 */
export async function decideApplication(
  deps: AppDeps,
  reviewerId: number,
  id: number,
  approve: boolean,
  reason: string,
): Promise<DesignerApplication> {
  const { db } = deps;
  const app = await db
    .selectFrom('designer_applications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!app) throw AppError.notFound(MSG.missing.application);
  if (app.state !== 'submitted') throw AppError.conflict(SETTLE_IN_MSG.handled);
  const now = iso(deps.now());
  if (!approve) {
    if (reason.trim() === '') throw AppError.rule(SETTLE_IN_MSG.rejectReasonMissing);
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('designer_applications')
        .set({
          state: 'rejected',
          reject_reason: reason.trim(),
          reviewer_id: reviewerId,
          reviewed_at: now,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('state', '=', 'submitted')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw AppError.conflict(SETTLE_IN_MSG.handled);
      await sendNotice(trx, NOTICES.settleInRejected(app.user_id, reason.trim()));
    });
  } else {
    if (await nickNameTaken(db, app.nick_name, app.user_id)) {
      throw AppError.conflict(SETTLE_IN_MSG.nickNameTakenByDesigner);
    }
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('designer_applications')
        .set({ state: 'approved', reviewer_id: reviewerId, reviewed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('state', '=', 'submitted')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw AppError.conflict(SETTLE_IN_MSG.handled);
      await trx
        .updateTable('users')
        .set({
          user_name: app.nick_name,
          designer_status: 1,
          settle_status: 1,
          settled_in_type: app.settled_in_type,
          org_flag: app.kind === 'enterprise' ? 2 : 1,
          intro: app.intro,
          updated_at: now,
        })
        .where('id', '=', app.user_id)
        .execute();
      if (app.kind === 'enterprise') {
        const hall = await trx
          .selectFrom('enterprise_halls')
          .select('id')
          .where('owner_id', '=', app.user_id)
          .executeTakeFirst();
        if (!hall) {
          await trx
            .insertInto('enterprise_halls')
            .values({
              owner_id: app.user_id,
              name: app.company_name || app.nick_name,
              intro: app.intro,
              contact: app.contact_phone,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      }
      await sendNotice(trx, NOTICES.settleInApproved(app.user_id, app.nick_name));
    });
  }
  const row = await db
    .selectFrom('designer_applications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return toApplication(deps, row);
}
