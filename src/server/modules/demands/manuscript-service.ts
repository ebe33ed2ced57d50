import sharp from 'sharp';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import {
  MANUSCRIPT_STATE_TITLES,
  type Manuscript,
  type ManuscriptState,
  type adoptManuscript,
  type applyDemand,
  type collectDemand,
  type getDemandDetailBase,
  type getDemandDetailDescription,
  type getDemandManuscriptList,
  type refuseManuscript,
  type submitManuscript,
} from '@shared/contract/demands';
import { designerShareFen } from '@shared/rules/order-price';
import { DEMAND_MANUSCRIPTS_PER_DESIGNER, DEMAND_NOTE_MAX } from '@shared/rules/demand';
import type { Database, DemandManuscriptsTable } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { type SessionUser, statusFactsOf } from '../../http/session-auth';
import { isDesigner } from '@shared/rules/roles';
import { iso } from '../accounts/clock';
import { designerAvailable, demandEscrow, platformRevenue, postTransfers } from '../finance/ledger';
import { sendNotice } from '../notices/notice-service';
import { SIGNED_URL_TTL_SECONDS } from '../publishing/work-files';
import { watermarkSvg } from '../works/work-images';
import {
  type DemandDeps,
  type DemandRow,
  demandCards,
  demandOrFail,
  demandState,
  ownDemandOrFail,
  referenceUrls,
} from './demand-service';
import { DEMAND_NOTICE, DEMAND_SERVER_MSG } from './messages';

// Manuscripts of custom-pattern demands (docs/demands.md): signing up, submitting, and the
// customer's decisions. Adopting pays the reward out of the demand's escrow in the same
// transaction that marks the manuscript adopted, so a double click pays once.

type Row = Selectable<DemandManuscriptsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Longest side of a manuscript's preview. */
const PREVIEW_SIDE = 1200;
const yuan = (fen: number): string => (fen / 100).toFixed(2);

async function manuscriptOrFail(db: Db, id: number): Promise<Row> {
  const row = await db
    .selectFrom('demand_manuscripts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(DEMAND_SERVER_MSG.manuscriptNotFound);
  return row;
}

/** Manuscripts as the viewer may see them: previews only for the customer and the author. */
async function manuscriptsFor(
  deps: DemandDeps,
  rows: readonly Row[],
  demand: DemandRow,
  viewerId: number | null,
): Promise<Manuscript[]> {
  if (rows.length === 0) return [];
  const names = await deps.db
    .selectFrom('users')
    .select(['id', 'user_name'])
    .where('id', 'in', [...new Set(rows.map((r) => r.designer_id))])
    .execute();
  return rows.map((r) => {
    const sees = viewerId !== null && (viewerId === demand.user_id || viewerId === r.designer_id);
    const state = r.state as ManuscriptState;
    return {
      id: r.id,
      demandId: r.demand_id,
      designerId: r.designer_id,
      designerName: names.find((n) => n.id === r.designer_id)?.user_name ?? '',
      previewUrl: sees ? deps.storage.signedUrl(r.preview_key, SIGNED_URL_TTL_SECONDS) : null,
      note: sees ? r.note : '',
      state,
      stateName: MANUSCRIPT_STATE_TITLES[state],
      refuseReason: sees ? r.refuse_reason : '',
      createdAt: r.created_at,
      decidedAt: r.decided_at,
    };
  });
}

async function oneFor(deps: DemandDeps, row: Row, demand: DemandRow, viewerId: number) {
  const [m] = await manuscriptsFor(deps, [row], demand, viewerId);
  if (!m) throw AppError.notFound(DEMAND_SERVER_MSG.manuscriptNotFound);
  return m;
}

/** Demand/GetDemandDetailBase: the card and what the viewer has to do with it. */
export async function detailBase(
  deps: DemandDeps,
  user: SessionUser | null,
  input: CallRequest<typeof getDemandDetailBase>,
): Promise<CallResponse<typeof getDemandDetailBase>> {
  const row = await demandOrFail(deps.db, input.demandId);
  const [card] = await demandCards(deps, [row]);
  if (!card) throw AppError.notFound(DEMAND_SERVER_MSG.notFound);
  if (!user) {
    return {
      demand: card,
      viewer: {
        isOwner: false,
        signedUp: false,
        collected: false,
        myManuscriptCount: 0,
        canSubmit: false,
      },
    };
  }
  const [signup, collected, mine] = await Promise.all([
    deps.db
      .selectFrom('demand_signups')
      .select('user_id')
      .where('demand_id', '=', row.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
    deps.db
      .selectFrom('collections')
      .select('id')
      .where('user_id', '=', user.id)
      .where('target_type', '=', 'demand')
      .where('target_id', '=', row.id)
      .executeTakeFirst(),
    deps.db
      .selectFrom('demand_manuscripts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('demand_id', '=', row.id)
      .where('designer_id', '=', user.id)
      .executeTakeFirstOrThrow(),
  ]);
  const myManuscriptCount = Number(mine.n);
  const isOwner = row.user_id === user.id;
  return {
    demand: card,
    viewer: {
      isOwner,
      signedUp: signup !== undefined,
      collected: collected !== undefined,
      myManuscriptCount,
      canSubmit:
        !isOwner &&
        isDesigner(statusFactsOf(user)) &&
        signup !== undefined &&
        card.state === 'open' &&
        myManuscriptCount < DEMAND_MANUSCRIPTS_PER_DESIGNER,
    },
  };
}

/** Demand/GetDemandDetailDescription. */
export async function detailDescription(
  deps: DemandDeps,
  input: CallRequest<typeof getDemandDetailDescription>,
): Promise<CallResponse<typeof getDemandDetailDescription>> {
  const row = await demandOrFail(deps.db, input.demandId);
  return { description: row.description, referenceUrls: referenceUrls(deps, row) };
}

/** Demand/GetDemandManuscriptList: every manuscript; images for the customer and the authors. */
export async function manuscriptList(
  deps: DemandDeps,
  viewerId: number | null,
  input: CallRequest<typeof getDemandManuscriptList>,
): Promise<CallResponse<typeof getDemandManuscriptList>> {
  const demand = await demandOrFail(deps.db, input.demandId);
  const base = deps.db.selectFrom('demand_manuscripts').where('demand_id', '=', demand.id);
  const total = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.pageSize)
    .offset((input.pageIndex - 1) * input.pageSize)
    .execute();
  return { list: await manuscriptsFor(deps, rows, demand, viewerId), total: Number(total.n) };
}

/** Demand/GetMyDemandCreationList: the viewer's own manuscripts for one demand. */
export async function myManuscripts(
  deps: DemandDeps,
  userId: number,
  demandId: number,
): Promise<Manuscript[]> {
  const demand = await demandOrFail(deps.db, demandId);
  const rows = await deps.db
    .selectFrom('demand_manuscripts')
    .selectAll()
    .where('demand_id', '=', demand.id)
    .where('designer_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return manuscriptsFor(deps, rows, demand, userId);
}

function refuseClosed(demand: DemandRow, nowMs: number): void {
  if (demandState(demand, nowMs) !== 'open') throw AppError.rule(DEMAND_SERVER_MSG.notOpen);
}

/** Demand/ApplyDemand: a designer signs up once (again is harmless). */
export async function signUp(
  deps: DemandDeps,
  userId: number,
  input: CallRequest<typeof applyDemand>,
): Promise<CallResponse<typeof applyDemand>> {
  const demand = await demandOrFail(deps.db, input.demandId);
  if (demand.user_id === userId) throw AppError.rule(DEMAND_SERVER_MSG.ownDemand);
  refuseClosed(demand, deps.now());
  await deps.db
    .insertInto('demand_signups')
    .values({ demand_id: demand.id, user_id: userId, created_at: iso(deps.now()) })
    .onConflict((oc) => oc.columns(['demand_id', 'user_id']).doNothing())
    .execute();
  const count = await deps.db
    .selectFrom('demand_signups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('demand_id', '=', demand.id)
    .executeTakeFirstOrThrow();
  return { signUpCount: Number(count.n) };
}

/** A watermarked preview of a manuscript, private (only signed URLs reach it). */
async function makePreview(deps: DemandDeps, fileKey: string, previewKey: string): Promise<void> {
  const original = await deps.storage.get(fileKey);
  if (!original) throw AppError.rule(DEMAND_SERVER_MSG.uploadMissing);
  const resized = await sharp(original.body, { limitInputPixels: false })
    .rotate()
    .resize({ width: PREVIEW_SIDE, height: PREVIEW_SIDE, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  const preview = await sharp(resized.data)
    .composite([{ input: watermarkSvg(resized.info.width, resized.info.height) }])
    .webp({ quality: 80 })
    .toBuffer();
  await deps.storage.put(previewKey, preview, 'image/webp');
}

/**
 * Demand/SubmitManuscript: a signed-up designer's upload becomes a manuscript of an open demand,
 * at most DEMAND_MANUSCRIPTS_PER_DESIGNER each, one file once; the customer is told.
 */
export async function submit(
  deps: DemandDeps,
  userId: number,
  input: CallRequest<typeof submitManuscript>,
): Promise<CallResponse<typeof submitManuscript>> {
  const demand = await demandOrFail(deps.db, input.demandId);
  if (demand.user_id === userId) throw AppError.rule(DEMAND_SERVER_MSG.ownDemand);
  refuseClosed(demand, deps.now());
  if ([...input.note].length > DEMAND_NOTE_MAX) throw AppError.rule(DEMAND_SERVER_MSG.noteTooLong);
  const signup = await deps.db
    .selectFrom('demand_signups')
    .select('user_id')
    .where('demand_id', '=', demand.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!signup) throw AppError.rule(DEMAND_SERVER_MSG.notSignedUp);
  const upload = await deps.db
    .selectFrom('uploads')
    .select(['file_key', 'sha256'])
    .where('user_id', '=', userId)
    .where('file_key', '=', input.fileKey)
    .executeTakeFirst();
  if (!upload) throw AppError.rule(DEMAND_SERVER_MSG.uploadMissing);
  const duplicate = await manuscriptByFile(deps.db, demand.id, upload.file_key);
  if (duplicate) {
    // The same designer sending the same file again (a double click) gets the first one back.
    if (duplicate.designer_id === userId) return oneFor(deps, duplicate, demand, userId);
    throw AppError.rule(DEMAND_SERVER_MSG.duplicateManuscript);
  }
  const previewKey = `private/demands/${demand.id}/${upload.sha256}-preview.webp`;
  await makePreview(deps, upload.file_key, previewKey);
  const nowMs = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const mine = await trx
      .selectFrom('demand_manuscripts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('demand_id', '=', demand.id)
      .where('designer_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(mine.n) >= DEMAND_MANUSCRIPTS_PER_DESIGNER) {
      throw AppError.rule(DEMAND_SERVER_MSG.tooManyManuscripts);
    }
    const inserted = await trx
      .insertInto('demand_manuscripts')
      .values({
        demand_id: demand.id,
        designer_id: userId,
        file_key: upload.file_key,
        preview_key: previewKey,
        note: input.note.trim(),
        state: 'submitted',
        created_at: iso(nowMs),
        decided_at: null,
      })
      .onConflict((oc) => oc.columns(['demand_id', 'file_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      const first = await manuscriptByFile(trx, demand.id, upload.file_key);
      if (!first) throw AppError.notFound(DEMAND_SERVER_MSG.manuscriptNotFound);
      return first;
    }
    await sendNotice(trx, {
      userId: demand.user_id,
      kind: 'demand',
      title: DEMAND_NOTICE.manuscriptTitle,
      body: DEMAND_NOTICE.manuscriptBody(demand.title),
      link: `/demand/Manuscript/${demand.id}.html`,
    });
    return inserted;
  });
  if (row.designer_id !== userId) throw AppError.rule(DEMAND_SERVER_MSG.duplicateManuscript);
  return oneFor(deps, row, demand, userId);
}

/** The manuscript of a demand made from this file (one file is one manuscript per demand). */
async function manuscriptByFile(
  db: Db,
  demandId: number,
  fileKey: string,
): Promise<Row | undefined> {
  return db
    .selectFrom('demand_manuscripts')
    .selectAll()
    .where('demand_id', '=', demandId)
    .where('file_key', '=', fileKey)
    .executeTakeFirst();
}

/**
 * Demand/Adopt: the customer adopts a waiting manuscript of their demand while places are left.
 * One transaction marks it adopted (conditional on 'submitted'), takes a place (conditional on
 * adopted_count < quota) and pays the reward out of escrow: the designer's share straight to their
 * withdrawable account (the customer accepted the work; there is no refund window), the fee to
 * the platform. Adopting the last place completes the demand and returns nothing (all was spent).
 */
export async function adopt(
  deps: DemandDeps,
  userId: number,
  input: CallRequest<typeof adoptManuscript>,
): Promise<CallResponse<typeof adoptManuscript>> {
  const ms = await manuscriptOrFail(deps.db, input.manuscriptId);
  const demand = await ownDemandOrFail(deps.db, userId, ms.demand_id);
  if (ms.state === 'adopted') return oneFor(deps, ms, demand, userId);
  if (ms.state !== 'submitted') throw AppError.rule(DEMAND_SERVER_MSG.alreadyDecided);
  if (demand.state !== 'open') throw AppError.rule(DEMAND_SERVER_MSG.demandDecided);
  const nowMs = deps.now();
  const shareFen = designerShareFen(demand.reward_fen);
  const feeFen = demand.reward_fen - shareFen;
  await deps.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('demand_manuscripts')
      .set({ state: 'adopted', decided_at: iso(nowMs), share_fen: shareFen, fee_fen: feeFen })
      .where('id', '=', ms.id)
      .where('state', '=', 'submitted')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) {
      const now = await manuscriptOrFail(trx, ms.id);
      if (now.state === 'adopted') return;
      throw AppError.rule(DEMAND_SERVER_MSG.alreadyDecided);
    }
    const place = await trx
      .updateTable('demands')
      .set((eb) => ({ adopted_count: eb('adopted_count', '+', 1), updated_at: iso(nowMs) }))
      .where('id', '=', demand.id)
      .where('state', '=', 'open')
      .whereRef('adopted_count', '<', 'quota')
      .executeTakeFirst();
    if (Number(place.numUpdatedRows) !== 1) throw AppError.rule(DEMAND_SERVER_MSG.quotaFull);
    const transfers = [
      {
        id: `demand:${demand.id}:ms:${ms.id}:reward`,
        debit: demandEscrow(demand.id),
        credit: designerAvailable(ms.designer_id),
        amountFen: shareFen,
        kind: 'demand_reward',
      },
    ];
    if (feeFen > 0) {
      transfers.push({
        id: `demand:${demand.id}:ms:${ms.id}:fee`,
        debit: demandEscrow(demand.id),
        credit: platformRevenue,
        amountFen: feeFen,
        kind: 'demand_fee',
      });
    }
    await postTransfers(trx, transfers, iso(nowMs));
    await trx
      .updateTable('demands')
      .set({ state: 'completed', closed_at: iso(nowMs) })
      .where('id', '=', demand.id)
      .where('state', '=', 'open')
      .whereRef('adopted_count', '>=', 'quota')
      .execute();
    await sendNotice(trx, {
      userId: ms.designer_id,
      kind: 'demand',
      title: DEMAND_NOTICE.adoptedTitle,
      body: DEMAND_NOTICE.adoptedBody(demand.title, yuan(shareFen)),
      link: `/demand/Mine/${demand.id}.html`,
    });
  });
  return oneFor(deps, await manuscriptOrFail(deps.db, ms.id), demand, userId);
}

/** Demand/Refuse: the customer declines a waiting manuscript, with a reason the designer sees. */
export async function refuse(
  deps: DemandDeps,
  userId: number,
  input: CallRequest<typeof refuseManuscript>,
): Promise<CallResponse<typeof refuseManuscript>> {
  const ms = await manuscriptOrFail(deps.db, input.manuscriptId);
  const demand = await ownDemandOrFail(deps.db, userId, ms.demand_id);
  const reason = input.reason.trim();
  if (!reason) throw AppError.rule(DEMAND_SERVER_MSG.refuseReasonMissing);
  if (ms.state === 'refused') return oneFor(deps, ms, demand, userId);
  if (ms.state !== 'submitted') throw AppError.rule(DEMAND_SERVER_MSG.alreadyDecided);
  const nowMs = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('demand_manuscripts')
      .set({ state: 'refused', refuse_reason: reason, decided_at: iso(nowMs) })
      .where('id', '=', ms.id)
      .where('state', '=', 'submitted')
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return;
    await sendNotice(trx, {
      userId: ms.designer_id,
      kind: 'demand',
      title: DEMAND_NOTICE.refusedTitle,
      body: DEMAND_NOTICE.refusedBody(demand.title, reason),
      link: `/demand/Mine/${demand.id}.html`,
    });
  });
  return oneFor(deps, await manuscriptOrFail(deps.db, ms.id), demand, userId);
}

/** Demand/GetManuscriptOriginal: the adopted original, for the customer and the designer. */
export async function manuscriptOriginal(
  deps: DemandDeps,
  userId: number,
  manuscriptId: number,
): Promise<{ url: string }> {
  const ms = await manuscriptOrFail(deps.db, manuscriptId);
  const demand = await demandOrFail(deps.db, ms.demand_id);
  if (userId !== demand.user_id && userId !== ms.designer_id) {
    throw AppError.forbidden(DEMAND_SERVER_MSG.originalForbidden);
  }
  if (ms.state !== 'adopted') throw AppError.rule(DEMAND_SERVER_MSG.notAdopted);
  return { url: deps.storage.signedUrl(ms.file_key, SIGNED_URL_TTL_SECONDS) };
}

/** Demand/CollectDemand: one collection row per user and demand, whatever the clicks. */
export async function collect(
  deps: DemandDeps,
  userId: number,
  input: CallRequest<typeof collectDemand>,
): Promise<CallResponse<typeof collectDemand>> {
  const demand = await demandOrFail(deps.db, input.demandId);
  if (input.collect) {
    await deps.db
      .insertInto('collections')
      .values({
        user_id: userId,
        target_type: 'demand',
        target_id: demand.id,
        group_id: null,
        created_at: iso(deps.now()),
      })
      .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
      .execute();
  } else {
    await deps.db
      .deleteFrom('collections')
      .where('user_id', '=', userId)
      .where('target_type', '=', 'demand')
      .where('target_id', '=', demand.id)
      .execute();
  }
  const count = await deps.db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('target_type', '=', 'demand')
    .where('target_id', '=', demand.id)
    .executeTakeFirstOrThrow();
  return { collected: input.collect, collectCount: Number(count.n) };
}
