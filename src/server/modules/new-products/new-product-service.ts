import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { HEADER_TYPE } from '@shared/constants';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import {
  NEW_PRODUCTS_PER_USER,
  NEW_PRODUCT_OFFSET_MAX,
  NEW_PRODUCT_OFFSET_MIN,
  NEW_PRODUCT_ROTATION_MAX,
  NEW_PRODUCT_ROTATION_MIN,
  NEW_PRODUCT_SCALE_MAX,
  NEW_PRODUCT_SCALE_MIN,
  NEW_PRODUCT_TITLE_MAX,
  type NewProduct,
  type NewProductSettings,
  type NewProductSource,
  type generateNewProduct,
  type getMyNewProducts,
} from '@shared/contract/new-products';
import type { NewProductsTable } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { publicUrl } from '../../platform/storage/storage';
import type { Storage } from '../../platform/storage/storage';
import { iso } from '../accounts/clock';
import { lockUserRow } from '../accounts/users';
import { canDownload } from '../orders/order-queries';
import { privateThumbUrl } from '../publishing/work-files';
import { NEW_PRODUCT_MSG } from './messages';
import { renderMockup } from './render';
import { templateById } from './templates';

// 新品 (docs/new-products.md): generating, listing, renaming and deleting a buyer's product
// mock-ups. Whether the owner sees the clean picture is decided each time it is asked for: their own
// pattern or work, or a running licence of the work, shows it clean; anything else, watermarked.

export type NewProductDeps = Pick<AppDeps, 'db' | 'storage' | 'now'>;
type Row = Selectable<NewProductsTable>;

/** How long a signed picture or download link of a 新品 stays valid. */
export const NEW_PRODUCT_LINK_TTL_S = 60 * 60;

type SourceInput = { workId?: number | undefined; fileKey?: string | undefined };

type ResolvedSource = NewProductSource & {
  /** Storage key of the full pattern the mock-up is rendered from. */
  imageKey: string;
  /** Whether the pattern is the caller's own (upload or own work): never watermarked. */
  own: boolean;
};

/** The works among `workIds` the user holds a running licence for. */
async function licensedWorks(
  deps: NewProductDeps,
  userId: number,
  workIds: readonly number[],
): Promise<Set<number>> {
  if (workIds.length === 0) return new Set();
  const rows = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', '=', userId)
    .where('work_id', 'in', [...new Set(workIds)])
    .where('state', 'in', ['paid', 'authorised'])
    .execute();
  return new Set(rows.filter((r) => canDownload(r, deps.now())).map((r) => r.work_id));
}

async function resolveSource(
  deps: NewProductDeps,
  userId: number,
  input: SourceInput,
): Promise<ResolvedSource> {
  const hasWork = input.workId !== undefined;
  const hasFile = input.fileKey !== undefined && input.fileKey !== '';
  if (hasWork === hasFile) throw AppError.rule(NEW_PRODUCT_MSG.sourceOne);
  if (hasFile) {
    const up = await deps.db
      .selectFrom('uploads')
      .select(['file_key', 'width', 'height'])
      .where('user_id', '=', userId)
      .where('file_key', '=', input.fileKey ?? '')
      .executeTakeFirst();
    if (!up) throw AppError.rule(NEW_PRODUCT_MSG.uploadGone);
    return {
      kind: 'upload',
      workId: null,
      fileKey: up.file_key,
      title: NEW_PRODUCT_MSG.ownPattern,
      // A small private copy for the live preview: an upload may be a 40 MB print file.
      imageUrl: await privateThumbUrl(deps, up.file_key),
      width: up.width,
      height: up.height,
      licensed: true,
      imageKey: up.file_key,
      own: true,
    };
  }
  const workId = input.workId ?? 0;
  const work = await deps.db
    .selectFrom('works')
    .select(['id', 'title', 'status', 'designer_id'])
    .where('id', '=', workId)
    .executeTakeFirst();
  const own = work?.designer_id === userId;
  if (!work || work.status === 'deleted' || (!own && work.status !== 'published')) {
    throw AppError.rule(NEW_PRODUCT_MSG.workGone);
  }
  const images = await deps.db
    .selectFrom('work_images')
    .select(['kind', 'storage_key', 'width', 'height'])
    .where('work_id', '=', work.id)
    .where('kind', 'in', ['original', 'preview'])
    .execute();
  const original = images.find((i) => i.kind === 'original');
  const preview = images.find((i) => i.kind === 'preview');
  if (!original) throw AppError.rule(NEW_PRODUCT_MSG.workGone);
  const licensed = own || (await licensedWorks(deps, userId, [work.id])).has(work.id);
  return {
    kind: 'work',
    workId: work.id,
    fileKey: null,
    title: work.title,
    // The live preview shows the public watermarked preview unless the buyer may see the original.
    imageUrl:
      licensed || !preview
        ? deps.storage.signedUrl(original.storage_key, NEW_PRODUCT_LINK_TTL_S)
        : publicUrl(preview.storage_key),
    width: original.width,
    height: original.height,
    licensed,
    imageKey: original.storage_key,
    own,
  };
}

/** NewProduct/GetSource: the pattern for the live preview, and whether mock-ups will be clean. */
export async function sourceFor(
  deps: NewProductDeps,
  userId: number,
  input: SourceInput,
): Promise<NewProductSource> {
  const { imageKey: _key, own: _own, ...source } = await resolveSource(deps, userId, input);
  return source;
}

/** The settings' problem in words, or null: the same bounds the page's sliders have. */
export function settingsProblem(s: NewProductSettings): string | null {
  if (!templateById(s.templateId)) return NEW_PRODUCT_MSG.templateUnknown;
  if (s.scale < NEW_PRODUCT_SCALE_MIN || s.scale > NEW_PRODUCT_SCALE_MAX) {
    return NEW_PRODUCT_MSG.scaleRange;
  }
  if (s.rotation < NEW_PRODUCT_ROTATION_MIN || s.rotation > NEW_PRODUCT_ROTATION_MAX) {
    return NEW_PRODUCT_MSG.rotationRange;
  }
  for (const v of [s.offsetX, s.offsetY]) {
    if (v < NEW_PRODUCT_OFFSET_MIN || v > NEW_PRODUCT_OFFSET_MAX)
      return NEW_PRODUCT_MSG.offsetRange;
  }
  return null;
}

/** A title trimmed and checked, or the reason it is refused. */
function cleanTitle(raw: string): string {
  const title = raw.replace(/\s+/g, ' ').trim();
  if (title === '') throw AppError.rule(NEW_PRODUCT_MSG.titleEmpty);
  if ([...title].length > NEW_PRODUCT_TITLE_MAX) throw AppError.rule(NEW_PRODUCT_MSG.titleTooLong);
  return title;
}

const settingsOf = (r: Row): NewProductSettings => ({
  templateId: r.template_id,
  scale: r.scale,
  rotation: r.rotation,
  offsetX: r.offset_x,
  offsetY: r.offset_y,
});

/** The caller's view of their 新品: the picture they may see now, and what licensing costs. */
async function toItems(
  deps: NewProductDeps,
  userId: number,
  rows: readonly Row[],
): Promise<NewProduct[]> {
  const workIds = [...new Set(rows.flatMap((r) => (r.work_id === null ? [] : [r.work_id])))];
  const [works, prices, licensed] = await Promise.all([
    workIds.length === 0
      ? []
      : deps.db
          .selectFrom('works')
          .select(['id', 'title', 'status', 'designer_id', 'header_type'])
          .where('id', 'in', workIds)
          .execute(),
    workIds.length === 0
      ? []
      : deps.db
          .selectFrom('work_licences')
          .select(['work_id', (eb) => eb.fn.min<number>('price_fen').as('min_fen')])
          .where('work_id', 'in', workIds)
          .groupBy('work_id')
          .execute(),
    licensedWorks(deps, userId, workIds),
  ]);
  return rows.map((r) => {
    const work = works.find((w) => w.id === r.work_id);
    const own = r.source_kind === 'upload' || work?.designer_id === userId;
    const isLicensed = own || (r.work_id !== null && licensed.has(r.work_id));
    const watermarked = !isLicensed && r.watermarked_key !== null;
    const key = watermarked && r.watermarked_key ? r.watermarked_key : r.clean_key;
    const imageUrl = deps.storage.signedUrl(key, NEW_PRODUCT_LINK_TTL_S);
    const fileName = NEW_PRODUCT_MSG.fileName(r.title.replace(/[\\/:*?"<>|]/g, ''), watermarked);
    const min = prices.find((p) => p.work_id === r.work_id)?.min_fen;
    return {
      id: r.id,
      title: r.title,
      templateId: r.template_id,
      templateTitle: templateById(r.template_id)?.title ?? r.template_id,
      settings: settingsOf(r),
      source: {
        kind: r.source_kind === 'upload' ? 'upload' : 'work',
        workId: r.work_id,
        workTitle: work?.title ?? (r.source_kind === 'upload' ? NEW_PRODUCT_MSG.ownPattern : ''),
        fileKey: r.file_key,
      },
      imageUrl,
      downloadUrl: `${imageUrl}${imageUrl.includes('?') ? '&' : '?'}name=${encodeURIComponent(fileName)}`,
      watermarked,
      licensed: isLicensed,
      licence:
        work && !own
          ? {
              minPriceFen: min === undefined || min === null ? null : Number(min),
              orderType:
                work.header_type === HEADER_TYPE.categoryExclusive ? 'purchase' : 'material',
              onSale: work.status === 'published',
            }
          : null,
      createdAt: r.created_at,
    };
  });
}

async function ownRow(deps: NewProductDeps, userId: number, id: number): Promise<Row> {
  const row = await deps.db
    .selectFrom('new_products')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(NEW_PRODUCT_MSG.notFound);
  return row;
}

async function oneItem(deps: NewProductDeps, userId: number, row: Row): Promise<NewProduct> {
  const [item] = await toItems(deps, userId, [row]);
  if (!item) throw AppError.notFound(NEW_PRODUCT_MSG.notFound);
  return item;
}

type GenerateInput = CallRequest<typeof generateNewProduct>;

function requestHash(input: GenerateInput): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        input.source.workId ?? null,
        input.source.fileKey ?? null,
        input.templateId,
        input.scale,
        input.rotation,
        input.offsetX,
        input.offsetY,
        input.title?.trim() ?? '',
      ]),
    )
    .digest('hex');
}

async function byIdemKey(deps: NewProductDeps, userId: number, key: string) {
  return deps.db
    .selectFrom('new_products')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

/**
 * NewProduct/Generate: checks the settings, renders the mock-up and keeps it. The same idempotency
 * key returns the first 新品 (a double click, a retry); the same key with other choices is refused.
 */
export async function generate(
  deps: NewProductDeps,
  userId: number,
  input: GenerateInput,
): Promise<NewProduct> {
  const hash = requestHash(input);
  const earlier = await byIdemKey(deps, userId, input.idemKey);
  if (earlier) {
    if (earlier.request_hash !== hash) throw AppError.conflict(NEW_PRODUCT_MSG.idemReused);
    return oneItem(deps, userId, earlier);
  }
  const settings: NewProductSettings = {
    templateId: input.templateId,
    scale: input.scale,
    rotation: input.rotation,
    offsetX: input.offsetX,
    offsetY: input.offsetY,
  };
  const problem = settingsProblem(settings);
  if (problem) throw AppError.rule(problem);
  const template = templateById(input.templateId);
  if (!template) throw AppError.rule(NEW_PRODUCT_MSG.templateUnknown);
  const title = input.title === undefined ? null : cleanTitle(input.title);
  const count = await deps.db
    .selectFrom('new_products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= NEW_PRODUCTS_PER_USER) throw AppError.rule(NEW_PRODUCT_MSG.tooMany);

  const source = await resolveSource(deps, userId, input.source);
  const pattern = await deps.storage.get(source.imageKey);
  if (!pattern) throw AppError.rule(NEW_PRODUCT_MSG.imageUnreadable);
  let mockup: Awaited<ReturnType<typeof renderMockup>>;
  try {
    mockup = await renderMockup(pattern.body, template, settings, { watermark: !source.own });
  } catch {
    throw AppError.rule(NEW_PRODUCT_MSG.imageUnreadable);
  }
  // Keys of this request only: a double click writes the same bytes to the same keys.
  const folder = `private/new-products/${userId}/${input.idemKey}-${hash.slice(0, 12)}/`;
  const cleanKey = `${folder}clean.jpg`;
  const watermarkedKey = source.own ? null : `${folder}preview.jpg`;
  await deps.storage.put(cleanKey, mockup.clean, 'image/jpeg');
  if (watermarkedKey && mockup.watermarked) {
    await deps.storage.put(watermarkedKey, mockup.watermarked, 'image/jpeg');
  }

  const now = iso(deps.now());
  const values = {
    user_id: userId,
    title: title ?? NEW_PRODUCT_MSG.defaultTitle(source.title, template.title),
    template_id: template.id,
    source_kind: source.kind,
    work_id: source.workId,
    file_key: source.fileKey,
    scale: settings.scale,
    rotation: settings.rotation,
    offset_x: settings.offsetX,
    offset_y: settings.offsetY,
    clean_key: cleanKey,
    watermarked_key: watermarkedKey,
    idem_key: input.idemKey,
    request_hash: hash,
    created_at: now,
    updated_at: now,
  };
  let full = false;
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Counted again with the owner's row locked: clicks on two 新品 at once cannot pass the
      // limit together (the count above only spares a refused user the rendering).
      await lockUserRow(trx, userId);
      const made = await trx
        .selectFrom('new_products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(made.n) >= NEW_PRODUCTS_PER_USER) {
        full = true;
        return;
      }
      await trx.insertInto('new_products').values(values).execute();
    });
  } catch (err) {
    // Two clicks at once: the other one was stored first; answer as a retry would be answered.
    const winner = await byIdemKey(deps, userId, input.idemKey);
    if (!winner) throw err;
    if (winner.request_hash !== hash) throw AppError.conflict(NEW_PRODUCT_MSG.idemReused);
    return oneItem(deps, userId, winner);
  }
  if (full) {
    // This request's own keys: nobody else holds them.
    await deleteNewProductFiles(deps.storage, {
      clean_key: cleanKey,
      watermarked_key: watermarkedKey,
    });
    throw AppError.rule(NEW_PRODUCT_MSG.tooMany);
  }
  const row = await byIdemKey(deps, userId, input.idemKey);
  if (!row) throw AppError.notFound(NEW_PRODUCT_MSG.notFound);
  return oneItem(deps, userId, row);
}

/** NewProduct/GetMyNewProducts: newest first; 先推后买 keeps those made of others' works. */
export async function myNewProducts(
  deps: NewProductDeps,
  userId: number,
  input: CallRequest<typeof getMyNewProducts>,
): Promise<CallResponse<typeof getMyNewProducts>> {
  let q = deps.db
    .selectFrom('new_products as n')
    .leftJoin('works as w', 'w.id', 'n.work_id')
    .where('n.user_id', '=', userId);
  if (input.pushBeforeBuy) {
    q = q.where('n.source_kind', '=', 'work').where('w.designer_id', '!=', userId);
  }
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .selectAll('n')
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
  ]);
  return { total: Number(total.n), list: await toItems(deps, userId, rows) };
}

/** NewProduct/Rename. */
export async function rename(
  deps: NewProductDeps,
  userId: number,
  id: number,
  rawTitle: string,
): Promise<NewProduct> {
  const row = await ownRow(deps, userId, id);
  const title = cleanTitle(rawTitle);
  const updatedAt = iso(deps.now());
  await deps.db
    .updateTable('new_products')
    .set({ title, updated_at: updatedAt })
    .where('id', '=', row.id)
    .execute();
  return oneItem(deps, userId, { ...row, title, updated_at: updatedAt });
}

/** NewProduct/Delete: the row, then its pictures. */
export async function remove(
  deps: NewProductDeps,
  userId: number,
  id: number,
): Promise<{ deleted: boolean }> {
  const row = await ownRow(deps, userId, id);
  await deps.db.deleteFrom('new_products').where('id', '=', row.id).execute();
  await deleteNewProductFiles(deps.storage, row);
  return { deleted: true };
}

/**
 * Deletes a 新品's pictures once its row is gone. Another 新品 never shares these keys (they hold
 * the request's own key), so they can go.
 */
export async function deleteNewProductFiles(
  storage: Storage,
  row: { clean_key: string; watermarked_key: string | null },
): Promise<void> {
  await storage.delete(row.clean_key);
  if (row.watermarked_key) await storage.delete(row.watermarked_key);
}

/** A 新品 as other features show it (a showroom's picker): the picture its owner may see now. */
export type NewProductCard = { id: number; title: string; imageUrl: string; watermarked: boolean };

/** The user's 新品, newest first, for other modules (the showrooms may show them). */
export async function newProductCards(
  deps: NewProductDeps,
  userId: number,
  page: { limit: number; offset: number } = { limit: 60, offset: 0 },
): Promise<NewProductCard[]> {
  const rows = await deps.db
    .selectFrom('new_products')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return (await toItems(deps, userId, rows)).map((p) => ({
    id: p.id,
    title: p.title,
    imageUrl: p.imageUrl,
    watermarked: p.watermarked,
  }));
}
