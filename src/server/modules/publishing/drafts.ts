import type { Kysely, Transaction } from 'kysely';
import { HEADER_TYPE } from '@shared/constants';
import type { CallRequest } from '@shared/contract/define';
import type { EditableWork, LicencePrice, perfectCreationPic } from '@shared/contract/publishing';
import { WORK_STYLES } from '@shared/contract/works';
import type { WorkStatus } from '@shared/rules/publishing';
import { EDITABLE_STATUSES, WORK_STATUS_TITLES } from '@shared/rules/publishing';
import type { Database, WorkRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { licenceOptionsFor } from '../works/licence-options';
import { DEFAULT_PRICE_FEN } from './form-options';
import { cleanTags, isString, ownWork, parseJsonArray } from './guards';
import { extractPalette, ownUpload, privateFileUrl, privateThumbUrl } from './work-files';
import { MSG } from '@shared/messages';
import { PUBLISHING_MSG } from './messages';

// Drafts: a work is created from an uploaded file with sensible defaults and edited until it is sent
// to review. PerfectCreationPic is idempotent per (designer, file): a retry never makes a second draft.

export type PerfectInput = CallRequest<typeof perfectCreationPic>;
type Db = Kysely<Database> | Transaction<Database>;

export const DEFAULT_TITLE = PUBLISHING_MSG.untitledWork;
/** New drafts are category-exclusive works until the designer chooses otherwise. */
const DEFAULT_HEADER_TYPE = HEADER_TYPE.categoryExclusive;

export const isWorkStatus = (s: string): s is WorkStatus => s in WORK_STATUS_TITLES;
export const statusOf = (work: { status: string }): WorkStatus =>
  isWorkStatus(work.status) ? work.status : 'draft';

/** A leaf category by kid; a parent category or an unknown kid is refused. */
async function checkCategory(db: Db, kid: number): Promise<void> {
  const rows = await db
    .selectFrom('categories')
    .select(['kid', 'parent_kid'])
    .where((eb) => eb.or([eb('kid', '=', kid), eb('parent_kid', '=', kid)]))
    .execute();
  if (!rows.some((r) => r.kid === kid)) throw AppError.rule(PUBLISHING_MSG.categoryMissing);
  if (rows.some((r) => r.parent_kid === kid)) throw AppError.rule(PUBLISHING_MSG.leafCategoryOnly);
}

/** The placeholder category of a new draft (the first leaf); the designer must choose one. */
async function placeholderCategory(db: Db): Promise<number> {
  const leaf = await db
    .selectFrom('categories')
    .select('kid')
    .where('parent_kid', 'is not', null)
    .orderBy('sort')
    .orderBy('kid')
    .executeTakeFirst();
  const any =
    leaf ?? (await db.selectFrom('categories').select('kid').orderBy('kid').executeTakeFirst());
  if (!any) throw AppError.rule(PUBLISHING_MSG.noCategoriesYet);
  return any.kid;
}

function checkStyle(style: string): string {
  const value = style.trim();
  if (value !== '' && !(WORK_STYLES as readonly string[]).includes(value)) {
    throw AppError.rule(PUBLISHING_MSG.styleMissing);
  }
  return value;
}

/** The designer's series by id (must be theirs) or by title (created when missing). */
async function resolveSeries(
  db: Db,
  userId: number,
  input: Pick<PerfectInput, 'seriesId' | 'seriesTitle'>,
  now: string,
): Promise<number | null | undefined> {
  if (input.seriesId !== undefined) {
    if (input.seriesId === null) return null;
    const own = await db
      .selectFrom('series')
      .select('id')
      .where('id', '=', input.seriesId)
      .where('designer_id', '=', userId)
      .executeTakeFirst();
    if (!own) throw AppError.rule(MSG.missing.series);
    return own.id;
  }
  const title = input.seriesTitle?.trim();
  if (!title) return undefined;
  const existing = await db
    .selectFrom('series')
    .select('id')
    .where('designer_id', '=', userId)
    .where('title', '=', title)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('series')
    .values({ designer_id: userId, title, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The designer's classifications by id (must be theirs) plus one by name (created when missing). */
async function resolveClassifications(
  db: Db,
  userId: number,
  input: Pick<PerfectInput, 'classifyIds' | 'classifyName'>,
  now: string,
): Promise<number[] | undefined> {
  if (input.classifyIds === undefined && !input.classifyName?.trim()) return undefined;
  const ids = [...(input.classifyIds ?? [])];
  if (ids.length > 0) {
    const own = await db
      .selectFrom('custom_classifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
    if (own.length !== ids.length) throw AppError.rule(PUBLISHING_MSG.classifyMissing);
  }
  const name = input.classifyName?.trim();
  if (name) {
    const existing = await db
      .selectFrom('custom_classifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
    const id =
      existing?.id ??
      (
        await db
          .insertInto('custom_classifications')
          .values({ user_id: userId, name, sort: 1000, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * Replaces a work's licence options: the main one (category exclusive or material) at the work's
 * price, and the commercial one at `commercialPriceFen` (undefined keeps the current one, or the
 * default when there is none; 0 means not offered).
 */
async function writeLicences(
  db: Db,
  workId: number,
  headerType: number,
  priceFen: number,
  commercialPriceFen: number | undefined,
  isNew: boolean,
): Promise<void> {
  const planned = licenceOptionsFor(headerType, priceFen);
  const current = await db
    .selectFrom('work_licences')
    .select(['kind', 'price_fen'])
    .where('work_id', '=', workId)
    .where('kind', '=', 'commercial')
    .executeTakeFirst();
  const defaultCommercial = planned.find((p) => p.kind === 'commercial')?.priceFen ?? 0;
  const commercial =
    commercialPriceFen ?? (current ? current.price_fen : isNew ? defaultCommercial : 0);
  const rows = planned
    .map((p) => (p.kind === 'commercial' ? { ...p, priceFen: commercial } : p))
    .filter((p) => p.kind !== 'commercial' || p.priceFen > 0);
  await db.deleteFrom('work_licences').where('work_id', '=', workId).execute();
  await db
    .insertInto('work_licences')
    .values(
      rows.map((p, sort) => ({
        work_id: workId,
        kind: p.kind,
        title: p.title,
        price_fen: p.priceFen,
        scope: p.scope,
        sort,
      })),
    )
    .execute();
}

async function setClassifications(db: Db, workId: number, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('work_classifications').where('work_id', '=', workId).execute();
  if (ids.length > 0) {
    await db
      .insertInto('work_classifications')
      .values(ids.map((classify_id) => ({ work_id: workId, classify_id })))
      .execute();
  }
}

/** The file a work shows its owner: its upload, or (for works made before uploads) its stored original. */
export async function sourceKeyOf(db: Db, workId: number): Promise<string | null> {
  const source = await db
    .selectFrom('work_sources')
    .select('file_key')
    .where('work_id', '=', workId)
    .executeTakeFirst();
  if (source) return source.file_key;
  const original = await db
    .selectFrom('work_images')
    .select('storage_key')
    .where('work_id', '=', workId)
    .where('kind', '=', 'original')
    .executeTakeFirst();
  return original?.storage_key ?? null;
}

/** Why review refused the work or an admin took it down, while that is still its state. */
export async function lastDecisionReasons(
  db: Db,
  works: readonly { id: number; status: string }[],
): Promise<Map<number, string>> {
  const concerned = works.filter((w) => w.status === 'rejected' || w.status === 'offline');
  if (concerned.length === 0) return new Map();
  const rows = await db
    .selectFrom('work_reviews')
    .select(['work_id', 'state', 'reason', 'id'])
    .where(
      'work_id',
      'in',
      concerned.map((w) => w.id),
    )
    .where('state', 'in', ['rejected', 'taken_down'])
    .orderBy('id', 'desc')
    .execute();
  const out = new Map<number, string>();
  for (const r of rows) if (!out.has(r.work_id)) out.set(r.work_id, r.reason);
  return out;
}

export async function toEditableWork(deps: AppDeps, work: WorkRow): Promise<EditableWork> {
  const { db } = deps;
  const [source, licences, classify, reasons, fallbackKey] = await Promise.all([
    db
      .selectFrom('work_sources')
      .select(['file_key', 'category_chosen'])
      .where('work_id', '=', work.id)
      .executeTakeFirst(),
    db
      .selectFrom('work_licences')
      .select(['kind', 'title', 'price_fen', 'scope'])
      .where('work_id', '=', work.id)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('work_classifications as wc')
      .innerJoin('custom_classifications as c', 'c.id', 'wc.classify_id')
      .select('wc.classify_id')
      .where('wc.work_id', '=', work.id)
      .orderBy('c.sort')
      .execute(),
    lastDecisionReasons(db, [work]),
    sourceKeyOf(db, work.id),
  ]);
  const fileKey = source?.file_key ?? fallbackKey ?? '';
  const status = statusOf(work);
  const licencePrices: LicencePrice[] = licences.map((l) => ({
    kind: l.kind as LicencePrice['kind'],
    title: l.title,
    priceFen: l.price_fen,
    scope: l.scope,
  }));
  return {
    id: work.id,
    status,
    statusTitle: WORK_STATUS_TITLES[status],
    fileKey: source?.file_key ?? '',
    thumbUrl: fileKey ? await privateThumbUrl(deps, fileKey) : '',
    imageUrl: fileKey ? privateFileUrl(deps, fileKey) : '',
    width: work.width,
    height: work.height,
    title: work.title,
    description: work.description,
    categoryKid: !source || source.category_chosen === 1 ? work.category_kid : null,
    style: work.style,
    headerType: work.header_type,
    tags: parseJsonArray(work.tags, isString),
    colors: parseJsonArray(work.colors, isString),
    isSeamless: work.is_seamless === 1,
    priceFen: work.price_fen,
    commercialPriceFen: licencePrices.find((l) => l.kind === 'commercial')?.priceFen ?? 0,
    licences: licencePrices,
    seriesId: work.series_id,
    classifyIds: classify.map((c) => c.classify_id),
    rejectReason: reasons.get(work.id) ?? '',
    editable: EDITABLE_STATUSES.includes(status),
    createdAt: work.created_at,
    updatedAt: work.updated_at,
  };
}

export async function editableWork(
  deps: AppDeps,
  userId: number,
  workId: number,
): Promise<EditableWork> {
  return toEditableWork(deps, await ownWork(deps.db, userId, workId));
}

/** Field updates of a work from the input: only what was given changes. */
function fieldUpdates(input: PerfectInput) {
  return {
    ...(input.title !== undefined ? { title: input.title.trim() || DEFAULT_TITLE } : {}),
    ...(input.description !== undefined ? { description: input.description.trim() } : {}),
    ...(input.categoryKid !== undefined ? { category_kid: input.categoryKid } : {}),
    ...(input.style !== undefined ? { style: checkStyle(input.style) } : {}),
    ...(input.headerType !== undefined ? { header_type: input.headerType } : {}),
    ...(input.tags !== undefined ? { tags: JSON.stringify(cleanTags(input.tags)) } : {}),
    ...(input.colors !== undefined
      ? { colors: JSON.stringify(input.colors.map((c) => c.toLowerCase())) }
      : {}),
    ...(input.isSeamless !== undefined ? { is_seamless: input.isSeamless ? 1 : 0 } : {}),
    ...(input.priceFen !== undefined ? { price_fen: input.priceFen } : {}),
  };
}

/** Applies an edit to an existing, editable work of the caller. */
async function updateDraft(
  deps: AppDeps,
  userId: number,
  work: WorkRow,
  input: PerfectInput,
): Promise<void> {
  const status = statusOf(work);
  if (!EDITABLE_STATUSES.includes(status)) {
    throw AppError.rule(
      status === 'review' ? PUBLISHING_MSG.underReviewNoEdit : PUBLISHING_MSG.takeDownBeforeEdit,
    );
  }
  const { db } = deps;
  if (input.categoryKid !== undefined) await checkCategory(db, input.categoryKid);
  let image: { width: number; height: number; colors?: string } | null = null;
  if (input.fileKey !== undefined) {
    const current = await db
      .selectFrom('work_sources')
      .select('file_key')
      .where('work_id', '=', work.id)
      .executeTakeFirst();
    if (current?.file_key !== input.fileKey) {
      const upload = await ownUpload(db, userId, input.fileKey);
      const taken = await db
        .selectFrom('work_sources')
        .select('work_id')
        .where('designer_id', '=', userId)
        .where('live_file_key', '=', input.fileKey)
        .executeTakeFirst();
      if (taken && taken.work_id !== work.id) {
        throw AppError.conflict(PUBLISHING_MSG.imageUsedElsewhere);
      }
      image = { width: upload.width, height: upload.height };
      if (input.colors === undefined) {
        const file = await deps.storage.get(upload.file_key);
        if (file) image.colors = JSON.stringify(await extractPalette(file.body));
      }
    }
  }
  const now = iso(deps.now());
  await db.transaction().execute(async (trx) => {
    const series = await resolveSeries(trx, userId, input, now);
    const classify = await resolveClassifications(trx, userId, input, now);
    await trx
      .updateTable('works')
      .set({
        ...fieldUpdates(input),
        ...(image ? { width: image.width, height: image.height } : {}),
        ...(image?.colors ? { colors: image.colors } : {}),
        ...(series !== undefined ? { series_id: series } : {}),
        updated_at: now,
      })
      .where('id', '=', work.id)
      .execute();
    if (input.fileKey !== undefined && image) {
      await trx
        .insertInto('work_sources')
        .values({
          work_id: work.id,
          designer_id: userId,
          file_key: input.fileKey,
          live_file_key: input.fileKey,
          category_chosen: input.categoryKid !== undefined ? 1 : 0,
          created_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('work_id')
            .doUpdateSet({ file_key: input.fileKey, live_file_key: input.fileKey }),
        )
        .execute();
    }
    if (input.categoryKid !== undefined) {
      await trx
        .updateTable('work_sources')
        .set({ category_chosen: 1 })
        .where('work_id', '=', work.id)
        .execute();
    }
    if (classify !== undefined) await setClassifications(trx, work.id, classify);
    if (
      input.priceFen !== undefined ||
      input.headerType !== undefined ||
      input.commercialPriceFen !== undefined
    ) {
      await writeLicences(
        trx,
        work.id,
        input.headerType ?? work.header_type,
        input.priceFen ?? work.price_fen,
        input.commercialPriceFen,
        false,
      );
    }
  });
}

/** Creates a draft from an upload; answers the existing one when this file already has a live work. */
async function createDraft(
  deps: AppDeps,
  userId: number,
  input: PerfectInput & { fileKey: string },
): Promise<{ workId: number; created: boolean }> {
  const { db } = deps;
  const existing = await db
    .selectFrom('work_sources')
    .select('work_id')
    .where('designer_id', '=', userId)
    .where('live_file_key', '=', input.fileKey)
    .executeTakeFirst();
  if (existing) return { workId: existing.work_id, created: false };
  const upload = await ownUpload(db, userId, input.fileKey);
  if (input.categoryKid !== undefined) await checkCategory(db, input.categoryKid);
  const colors =
    input.colors ??
    (await (async () => {
      const file = await deps.storage.get(upload.file_key);
      return file ? extractPalette(file.body) : [];
    })());
  const now = iso(deps.now());
  try {
    const workId = await db.transaction().execute(async (trx) => {
      const headerType = input.headerType ?? DEFAULT_HEADER_TYPE;
      const priceFen =
        input.priceFen ??
        (headerType === HEADER_TYPE.categoryExclusive
          ? DEFAULT_PRICE_FEN.categoryExclusive
          : DEFAULT_PRICE_FEN.material);
      const series = await resolveSeries(trx, userId, input, now);
      const classify = await resolveClassifications(trx, userId, input, now);
      const row = await trx
        .insertInto('works')
        .values({
          designer_id: userId,
          title: input.title?.trim() || DEFAULT_TITLE,
          description: input.description?.trim() ?? '',
          category_kid: input.categoryKid ?? (await placeholderCategory(trx)),
          style: input.style !== undefined ? checkStyle(input.style) : '',
          header_type: headerType,
          is_seamless: input.isSeamless ? 1 : 0,
          colors: JSON.stringify(colors.map((c) => c.toLowerCase())),
          tags: JSON.stringify(cleanTags(input.tags ?? [])),
          status: 'draft',
          price_fen: priceFen,
          width: upload.width,
          height: upload.height,
          series_id: series ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('work_sources')
        .values({
          work_id: row.id,
          designer_id: userId,
          file_key: input.fileKey,
          live_file_key: input.fileKey,
          category_chosen: input.categoryKid !== undefined ? 1 : 0,
          created_at: now,
        })
        .execute();
      if (classify) await setClassifications(trx, row.id, classify);
      await writeLicences(trx, row.id, headerType, priceFen, input.commercialPriceFen, true);
      return row.id;
    });
    return { workId, created: true };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The same file arrived twice at once (two tabs, a retry): the unique index kept one draft.
    const winner = await db
      .selectFrom('work_sources')
      .select('work_id')
      .where('designer_id', '=', userId)
      .where('live_file_key', '=', input.fileKey)
      .executeTakeFirst();
    if (winner) return { workId: winner.work_id, created: false };
    throw err;
  }
}

/** PerfectCreationPic: creates or updates a draft of the caller, a settled designer (its auth). */
export async function perfectDraft(
  deps: AppDeps,
  userId: number,
  input: PerfectInput,
): Promise<{ work: EditableWork; created: boolean }> {
  if (input.id !== undefined) {
    const work = await ownWork(deps.db, userId, input.id);
    await updateDraft(deps, userId, work, input);
    return { work: await editableWork(deps, userId, input.id), created: false };
  }
  if (input.fileKey === undefined) throw AppError.rule(PUBLISHING_MSG.uploadImageFirst);
  const { workId, created } = await createDraft(deps, userId, { ...input, fileKey: input.fileKey });
  if (!created) {
    // A retry of the same file: apply the edit when the draft may still change, else answer it as is.
    const work = await ownWork(deps.db, userId, workId);
    const { fileKey: _same, ...rest } = input;
    const hasEdits = Object.values(rest).some((v) => v !== undefined);
    if (hasEdits && EDITABLE_STATUSES.includes(statusOf(work))) {
      await updateDraft(deps, userId, work, rest);
    }
  }
  return { work: await editableWork(deps, userId, workId), created };
}
