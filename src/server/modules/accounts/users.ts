import { randomInt } from 'node:crypto';
import type { AuthItem, UserInfo, VipInfo } from '@shared/contract/accounts';
import { MSG } from '@shared/messages';
import type { AppDeps } from '../../deps';
import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { publicUrl } from '../../platform/storage/storage';
import {
  recordRegistrationAcceptances,
  userAgreementVersion,
} from '../agreements/agreement-service';
import { iso } from './clock';
import { ACCOUNT_MSG } from './messages';

const AVATAR_COLOURS = ['#1677ff', '#13a8a8', '#722ed1', '#eb2f96', '#fa8c16', '#52c41a'];

/** A default avatar: the product's motif on a colour picked from the rainbow number. */
function defaultAvatarSvg(caiHongId: string): Buffer {
  const colour = AVATAR_COLOURS[Number(caiHongId) % AVATAR_COLOURS.length] ?? '#1677ff';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="${colour}"/>` +
      '<path d="M48 22l26 26-26 26-26-26z" fill="#fff" opacity=".9"/><circle cx="48" cy="48" r="9" fill="' +
      colour +
      '"/></svg>',
  );
}

async function uniqueRainbowNumber(deps: AppDeps): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = String(randomInt(10_000_000, 99_999_999));
    const taken = await deps.db
      .selectFrom('users')
      .select('id')
      .where('cai_hong_id', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new Error('could not find a free rainbow number');
}

/** Creates a user with a unique rainbow number, a default avatar and the §4 trial VIP. */
export async function createUser(
  deps: AppDeps,
  phone: string,
  passwordHash: string,
  options: { selfRegistered?: boolean } = {},
): Promise<UserRow> {
  const now = deps.now();
  const caiHongId = await uniqueRainbowNumber(deps);
  const agreementVersion = await userAgreementVersion(deps);
  const avatarKey = `public/avatars/${caiHongId}.svg`;
  await deps.storage.put(avatarKey, defaultAvatarSvg(caiHongId), 'image/svg+xml');
  let created: UserRow;
  try {
    created = await deps.db
      .insertInto('users')
      .values({
        cai_hong_id: caiHongId,
        phone,
        password_hash: passwordHash,
        self_registered: options.selfRegistered === true ? 1 : 0,
        user_name: ACCOUNT_MSG.defaultUserName(phone.slice(-4)),
        head_img: avatarKey,
        trial_end_at: iso(now + deps.accounts.trialMinutes * 60_000),
        trial_left_times: deps.accounts.trialUses,
        // The register form states that registering accepts the agreements in force.
        agreed_version: String(agreementVersion),
        created_at: iso(now),
        updated_at: iso(now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    // Two registrations of one phone at once: the unique index lets only one through.
    const existing = await deps.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (existing) throw AppError.conflict(ACCOUNT_MSG.phoneTaken);
    throw err;
  }
  await recordRegistrationAcceptances(deps.db, created.id, iso(now));
  return created;
}

/** §4 first login of an account that never had the trial (e.g. created before trials existed). */
export async function grantTrialOnFirstLogin(deps: AppDeps, user: UserRow): Promise<void> {
  if (user.trial_end_at !== null || user.last_login_at !== null) return;
  await deps.db
    .updateTable('users')
    .set({
      trial_end_at: iso(deps.now() + deps.accounts.trialMinutes * 60_000),
      trial_left_times: deps.accounts.trialUses,
    })
    .where('id', '=', user.id)
    .where('trial_end_at', 'is', null)
    .execute();
}

/**
 * Inside a transaction, makes requests of one user that count something (a per-user limit) run
 * one after another: the no-op write locks the user's row until commit on PostgreSQL; SQLite has
 * one writer anyway.
 */
export async function lockUserRow(
  trx: Transaction<Database> | Kysely<Database>,
  userId: number,
): Promise<void> {
  await trx.updateTable('users').set({ id: userId }).where('id', '=', userId).execute();
}

export async function loadUser(deps: AppDeps, userId: number): Promise<UserRow> {
  const user = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw AppError.notFound(ACCOUNT_MSG.userMissing);
  return user;
}

const storedUrl = (key: string): string => (key.startsWith('public/') ? publicUrl(key) : key);

export const avatarUrl = (user: UserRow): string => storedUrl(user.head_img);

/** The header's avatar: the 64 px cut when the profile made one, else the avatar itself. */
export const smallAvatarUrl = (user: UserRow): string =>
  storedUrl(user.small_head_img ?? user.head_img);

const ms = (text: string | null): number => (text ? Date.parse(text) : 0);

function trialState(user: UserRow, now: number) {
  const trialEnd = ms(user.trial_end_at);
  const inTrial = user.member_type === 0 && trialEnd > now;
  return { trialEnd, inTrial };
}

/**
 * A new registrant: registered themselves within a day and has not answered the registration-interest
 * form (a seeded or admin-made account is not one).
 */
export const isNewRegistrant = (user: UserRow, now: number): boolean =>
  user.self_registered === 1 &&
  user.user_keywords === null &&
  now - ms(user.created_at) < 24 * 3600_000;

/**
 * §3/§7 user.getUserInfo. `agreementVersion` is the user agreement in force: a user who accepted
 * an older one (or none) is asked again by the agreement-update dialog.
 */
export function toUserInfo(user: UserRow, now: number, agreementVersion: number): UserInfo {
  const memberEnd = ms(user.vip_end_time);
  const { trialEnd, inTrial } = trialState(user, now);
  const end = user.member_type > 0 ? memberEnd : inTrial ? trialEnd : 0;
  const memberTypeName =
    user.member_type > 0
      ? user.org_flag === 2
        ? ACCOUNT_MSG.enterpriseMember
        : ACCOUNT_MSG.personalMember
      : inTrial
        ? MSG.memberTrial
        : ACCOUNT_MSG.ordinaryUser;
  return {
    userId: user.id,
    caiHongID: user.cai_hong_id,
    userName: user.user_name,
    headImg: avatarUrl(user),
    smallHeadImg: smallAvatarUrl(user),
    memberType: user.member_type,
    memberTypeName,
    isExpVip: inTrial,
    expLeftTimes: inTrial ? user.trial_left_times : 0,
    vipEndTime: end,
    validitySecond: end > now ? Math.floor((end - now) / 1000) : 0,
    settledInType: user.settled_in_type,
    isReadAndAgreeNotify: user.agreed_version === String(agreementVersion),
    isUserKeywork: user.user_keywords !== null,
    showExpVIP: inTrial,
    isNewRegister: isNewRegistrant(user, now),
    role: user.role === 'admin' ? 'admin' : 'user',
  };
}

/**
 * §3 Vip info: 10-digit second timestamps, as the spec's clients expect. `memberAuths` are the
 * member's running quotas (membership module), T13 included (it is hidden only from the list).
 */
export function toVipInfo(
  user: UserRow,
  now: number,
  memberAuths: readonly AuthItem[] = [],
): VipInfo {
  const memberEnd = ms(user.vip_end_time);
  const { trialEnd, inTrial } = trialState(user, now);
  const vipType = user.member_type > 0 ? (user.org_flag === 2 ? 3 : 2) : inTrial ? 1 : 0;
  const auths = inTrial
    ? [
        {
          authCode: 'S1',
          authTitle: ACCOUNT_MSG.trialDownloadTitle,
          authValue: Math.max(user.trial_left_times, 0),
          unit: ACCOUNT_MSG.timesUnit,
          remainValue: user.trial_left_times,
          endTime: trialEnd,
        },
      ]
    : [];
  const listed = memberAuths.filter((a) => a.authCode !== 'T13');
  return {
    vipType,
    vipEndTime: memberEnd ? Math.floor(memberEnd / 1000) : 0,
    vipTryEndTime: trialEnd ? Math.floor(trialEnd / 1000) : 0,
    userAuthList: [
      ...(auths.length > 0
        ? [{ cateCode: 'download', cateTitle: ACCOUNT_MSG.downloadRights, auths }]
        : []),
      ...(listed.length > 0
        ? [{ cateCode: 'member', cateTitle: ACCOUNT_MSG.memberRights, auths: [...listed] }]
        : []),
    ],
    userAuths: [...auths, ...memberAuths].map((a) => a.authCode).join(','),
  };
}
