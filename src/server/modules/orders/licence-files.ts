import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { chinaDay } from '../../platform/china-time';
import { canDownload, thumbsOf, type OrderRow } from './order-queries';
import { ORDERS_MSG } from './messages';

// The licensee's original file: a signed link that expires, for the buyer of a running licence
// only; everyone else keeps seeing the watermarked preview.

/** How long a download link stays valid. */
export const DOWNLOAD_LINK_TTL_S = 10 * 60;

async function runningLicence(
  deps: Pick<AppDeps, 'db' | 'now'>,
  buyerId: number,
  workId: number,
): Promise<OrderRow | undefined> {
  const rows = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .where('work_id', '=', workId)
    .where('state', 'in', ['paid', 'authorised'])
    .orderBy('licence_end', 'desc')
    .execute();
  return rows.find((r) => canDownload(r, deps.now()));
}

/** A safe file name: the work's title without path or reserved characters. */
export function downloadName(workId: number, title: string): string {
  const clean = title
    .replace(/[\\/:*?"<>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return ORDERS_MSG.download.fileName(workId, clean);
}

export async function originalDownload(
  deps: Pick<AppDeps, 'db' | 'now' | 'storage'>,
  buyerId: number,
  workId: number,
): Promise<{ url: string; fileName: string; expiresAt: string; width: number; height: number }> {
  const licence = await runningLicence(deps, buyerId, workId);
  if (!licence) throw AppError.forbidden(ORDERS_MSG.download.notLicensed);
  const image = await deps.db
    .selectFrom('work_images as i')
    .innerJoin('works as w', 'w.id', 'i.work_id')
    .select(['i.storage_key', 'i.width', 'i.height', 'w.title'])
    .where('i.work_id', '=', workId)
    .where('i.kind', '=', 'original')
    .executeTakeFirst();
  if (!image) throw AppError.notFound(ORDERS_MSG.download.noOriginal);
  const fileName = downloadName(workId, image.title);
  const signed = deps.storage.signedUrl(image.storage_key, DOWNLOAD_LINK_TTL_S);
  const url = `${signed}${signed.includes('?') ? '&' : '?'}name=${encodeURIComponent(fileName)}`;
  return {
    url,
    fileName,
    expiresAt: new Date(deps.now() + DOWNLOAD_LINK_TTL_S * 1000).toISOString(),
    width: image.width,
    height: image.height,
  };
}

/** Works the buyer holds a licence to (Creation/GetEmpoweredList). */
export async function empoweredWorks(
  deps: Pick<AppDeps, 'db' | 'now'>,
  buyerId: number,
  page: { pageIndex: number; pageSize: number },
) {
  const base = deps.db
    .selectFrom('orders as o')
    .innerJoin('works as w', 'w.id', 'o.work_id')
    .where('o.buyer_id', '=', buyerId)
    .where('o.state', 'in', ['paid', 'authorised']);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('o')
      .select('w.title')
      .orderBy('o.paid_at', 'desc')
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize)
      .execute(),
  ]);
  const thumbs = await thumbsOf(
    deps.db,
    rows.map((r) => r.work_id),
  );
  return {
    total: Number(total.n),
    list: rows.map((r) => ({
      orderNo: r.order_no,
      creationId: r.work_id,
      title: r.title,
      thumbUrl: thumbs.get(r.work_id) ?? '',
      licenceTitle: r.licence_title,
      licenceEnd: r.licence_end ? chinaDay(Date.parse(r.licence_end)) : '',
      canDownload: canDownload(r, deps.now()),
    })),
  };
}
