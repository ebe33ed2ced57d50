import type { Kysely } from 'kysely';
import {
  AGREEMENT_ALIASES,
  AGREEMENT_BODY_MAX,
  AGREEMENT_BODY_MIN,
} from '@shared/contract/agreements';
import type { AgreementDetail, AgreementSummary } from '@shared/contract/agreements';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { AGREEMENT_MSG } from './messages';
import { renderAgreementHtml } from './render-markdown';

// Agreements as versioned documents (docs/agreements.md): each published version is a row; the
// newest of an alias is in force. Publishing never edits a version, it adds the next one.

type Db = Pick<AppDeps, 'db'>;
type Row = {
  alias: string;
  title: string;
  version: number;
  body_md: string;
  note: string;
  published_at: string;
};

const chars = (s: string): number => [...s].length;

const summary = (row: Omit<Row, 'body_md' | 'note'>): AgreementSummary => ({
  alias: row.alias,
  title: row.title,
  version: row.version,
  publishedAt: row.published_at,
});

/** The version in force of one alias, or undefined when there is no such agreement. */
async function latest(db: Kysely<Database>, alias: string): Promise<Row | undefined> {
  return db
    .selectFrom('agreements')
    .select(['alias', 'title', 'version', 'body_md', 'note', 'published_at'])
    .where('alias', '=', alias)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function latestOrFail(db: Kysely<Database>, alias: string): Promise<Row> {
  const row = await latest(db, alias);
  if (!row) throw AppError.notFound(AGREEMENT_MSG.notFound);
  return row;
}

/** The version in force of the user agreement (0 before any is published). */
export async function userAgreementVersion(deps: Db): Promise<number> {
  const row = await deps.db
    .selectFrom('agreements')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('alias', '=', AGREEMENT_ALIASES.userAgreement)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Every agreement's version in force, in the order of AGREEMENT_ALIASES, then by alias. */
export async function agreementList(deps: Db): Promise<AgreementSummary[]> {
  // Every version's heading (a handful per agreement), the newest of each alias kept.
  const all = await deps.db
    .selectFrom('agreements')
    .select(['alias', 'title', 'version', 'published_at'])
    .execute();
  const newest = new Map<string, (typeof all)[number]>();
  for (const row of all) {
    const seen = newest.get(row.alias);
    if (!seen || seen.version < row.version) newest.set(row.alias, row);
  }
  const rows = [...newest.values()];
  const order: string[] = Object.values(AGREEMENT_ALIASES);
  const rank = (alias: string) => (order.includes(alias) ? order.indexOf(alias) : order.length);
  return rows
    .sort((x, y) => rank(x.alias) - rank(y.alias) || x.alias.localeCompare(y.alias))
    .map(summary);
}

/** One agreement's version in force, its Markdown rendered and sanitised. */
export async function agreementByAlias(deps: Db, alias: string): Promise<AgreementDetail> {
  const row = await latestOrFail(deps.db, alias);
  return { ...summary(row), note: row.note, html: renderAgreementHtml(row.body_md) };
}

/** The back office: the Markdown of the version in force, to draft the next one from. */
export async function agreementSource(deps: Db, alias: string) {
  const row = await latestOrFail(deps.db, alias);
  return { ...summary(row), markdown: row.body_md };
}

/** Publishes the next version of an existing agreement; the title stays. */
export async function publishAgreement(
  deps: Pick<AppDeps, 'db' | 'now'>,
  adminId: number,
  input: { alias: string; markdown: string; note: string },
): Promise<AgreementSummary> {
  const body = input.markdown.replace(/\r\n?/g, '\n').trim();
  if (body === '') throw AppError.rule(AGREEMENT_MSG.bodyRequired);
  if (chars(body) < AGREEMENT_BODY_MIN) {
    throw AppError.rule(AGREEMENT_MSG.bodyTooShort(AGREEMENT_BODY_MIN));
  }
  if (chars(body) > AGREEMENT_BODY_MAX) {
    throw AppError.rule(AGREEMENT_MSG.bodyTooLong(AGREEMENT_BODY_MAX));
  }
  const current = await latestOrFail(deps.db, input.alias);
  if (current.body_md.trim() === body) throw AppError.rule(AGREEMENT_MSG.unchanged);
  const publishedAt = new Date(deps.now()).toISOString();
  const next = {
    alias: current.alias,
    title: current.title,
    version: current.version + 1,
    published_at: publishedAt,
  };
  try {
    await deps.db
      .insertInto('agreements')
      .values({ ...next, body_md: `${body}\n`, note: input.note.trim(), published_by: adminId })
      .execute();
  } catch (err) {
    // Two admins publishing at once: the (alias, version) constraint lets one through.
    const now = await latest(deps.db, input.alias);
    if (now && now.version >= next.version) throw AppError.conflict(AGREEMENT_MSG.raced);
    throw err;
  }
  return summary(next);
}

/**
 * Records that a user accepted the user agreement in force: the acceptance row (version, time,
 * type 1 registration / 2 the update dialog) and the user's accepted version for user info. When
 * the dialog says which version it showed and a newer one exists, the user is asked to read that.
 */
export async function acceptUserAgreement(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: number,
  type: 1 | 2,
  shownVersion?: number,
): Promise<number> {
  const version = await userAgreementVersion(deps);
  if (shownVersion !== undefined && shownVersion !== version) {
    throw AppError.rule(AGREEMENT_MSG.outdated);
  }
  const at = new Date(deps.now()).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('agreement_acceptances')
      .values({
        user_id: userId,
        alias: AGREEMENT_ALIASES.userAgreement,
        version,
        type,
        accepted_at: at,
      })
      .execute();
    await trx
      .updateTable('users')
      .set({ agreed_version: String(version), updated_at: at })
      .where('id', '=', userId)
      .execute();
  });
  return version;
}

/** At registration: the versions in force of the user agreement and privacy policy, accepted. */
export async function recordRegistrationAcceptances(
  db: Kysely<Database>,
  userId: number,
  at: string,
): Promise<void> {
  for (const alias of [AGREEMENT_ALIASES.userAgreement, AGREEMENT_ALIASES.privacyPolicy]) {
    const row = await latest(db, alias);
    if (!row) continue;
    await db
      .insertInto('agreement_acceptances')
      .values({ user_id: userId, alias, version: row.version, type: 1, accepted_at: at })
      .execute();
  }
}
