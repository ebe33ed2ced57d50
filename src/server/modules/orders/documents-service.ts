import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { chinaDay } from '../../platform/china-time';
import type { DocumentPayChannel } from '../../platform/documents/pdf-documents';
import {
  renderCopyrightCertificate,
  renderLicenceContract,
  renderTradeCertificate,
} from '../../platform/documents/pdf-documents';
import type { OrderDetail } from '@shared/contract/orders';
import { ownOrder } from './order-service';
import type { OrderRow } from './order-queries';
import { isInt, parseJsonArray, toDetail } from './order-queries';
import { ORDERS_MSG } from './messages';

// The documents of a paid licence (docs/orders.md): the licence contract, the trade certificate and
// the copyright certificate. Each carries a verification code (issued at payment) and a QR that
// opens /verify/{code}, a public page saying whether the document is genuine. PDFs are rendered on
// first request and kept in storage (one per code and signing state); links are signed and expire.

export type DocumentKind = 'contract' | 'trade' | 'copyright';
const KINDS: readonly DocumentKind[] = ['contract', 'trade', 'copyright'];
export const DOCUMENT_KIND_TITLES: Record<string, string> = ORDERS_MSG.documentKindTitles;

/** How long a document link stays valid. */
const LINK_TTL_S = 30 * 60;

type Deps = Pick<AppDeps, 'db' | 'now' | 'storage' | 'signingSecret'>;

const sign = (secret: string, code: string, expires: number) =>
  createHmac('sha256', `documents:${secret}`).update(`${code}:${expires}`).digest('base64url');

export function signedDocumentPath(secret: string, code: string, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + LINK_TTL_S;
  return `/documents/${code}.pdf?expires=${expires}&sig=${sign(secret, code, expires)}`;
}

export function verifyDocumentSignature(
  secret: string,
  code: string,
  expires: number,
  sig: string,
  nowMs: number,
): boolean {
  if (!Number.isInteger(expires) || expires * 1000 < nowMs) return false;
  const expected = Buffer.from(sign(secret, code, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function licensedOrder(row: OrderRow): OrderRow {
  if (row.state === 'refunded') throw AppError.rule(ORDERS_MSG.document.refunded);
  if (row.state !== 'paid' && row.state !== 'authorised')
    throw AppError.rule(ORDERS_MSG.document.notPaid);
  return row;
}

async function codeOf(deps: Deps, orderNo: string, kind: DocumentKind): Promise<string> {
  const doc = await deps.db
    .selectFrom('issued_documents')
    .select('code')
    .where('order_no', '=', orderNo)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!doc) throw AppError.rule(ORDERS_MSG.document.notPaid);
  return doc.code;
}

/** A signed link to one of the buyer's documents, its code and its verification page. */
export async function documentLink(
  deps: Deps,
  buyerId: number,
  orderNo: string,
  kind: DocumentKind,
  origin: string,
): Promise<{ url: string; code: string; verifyUrl: string; signed: boolean }> {
  const order = licensedOrder(await ownOrder(deps.db, buyerId, orderNo));
  const code = await codeOf(deps, orderNo, kind);
  return {
    url: signedDocumentPath(deps.signingSecret, code, deps.now()),
    code,
    verifyUrl: new URL(`/verify/${code}`, origin).href,
    signed: order.contract_signed_at !== null,
  };
}

/** The signer of a buyer's contracts: the chosen verified identity, else company, else person, else the account. */
async function signerName(deps: Deps, userId: number): Promise<string> {
  const verified = await deps.db
    .selectFrom('identity_verifications')
    .select(['kind', 'name', 'is_signer'])
    .where('user_id', '=', userId)
    .where('status', '=', 'verified')
    .orderBy('kind')
    .execute();
  // The identity the buyer chose to sign (ChangeFirstSigner), else the company, else the person.
  const best =
    verified.find((v) => v.is_signer === 1) ??
    verified.find((v) => v.kind === 'enterprise') ??
    verified[0];
  if (best) return best.name;
  const user = await deps.db
    .selectFrom('users')
    .select('user_name')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.user_name;
}

/** The buyer signs the licence contract; the order becomes 已授权. Signing twice changes nothing. */
export async function signContract(
  deps: Deps,
  buyerId: number,
  orderNo: string,
  agreed: boolean,
): Promise<OrderDetail> {
  if (!agreed) throw AppError.rule(ORDERS_MSG.document.needAgreement);
  const order = licensedOrder(await ownOrder(deps.db, buyerId, orderNo));
  if (order.contract_signed_at === null) {
    const now = new Date(deps.now()).toISOString();
    await deps.db
      .updateTable('orders')
      .set({
        contract_signed_at: now,
        contract_signer: await signerName(deps, buyerId),
        state: 'authorised',
        updated_at: now,
      })
      .where('order_no', '=', orderNo)
      .where('state', '=', 'paid')
      .where('contract_signed_at', 'is', null)
      .execute();
  }
  return toDetail(deps.db, await ownOrder(deps.db, buyerId, orderNo), deps.now());
}

/** The signed contract's link; refused while the contract is unsigned. */
export async function signedContractLink(
  deps: Deps,
  buyerId: number,
  orderNo: string,
  origin: string,
) {
  const link = await documentLink(deps, buyerId, orderNo, 'contract', origin);
  if (!link.signed) throw AppError.rule(ORDERS_MSG.document.notSigned);
  return { url: link.url, code: link.code, verifyUrl: link.verifyUrl };
}

type DocumentFacts = {
  kind: DocumentKind;
  code: string;
  order: OrderRow;
  work: { id: number; title: string; created_at: string; published_at: string | null };
  designer: { name: string };
  buyer: { name: string; phone: string | null };
  categories: string[];
};

async function factsOf(deps: Deps, code: string): Promise<DocumentFacts | null> {
  const doc = await deps.db
    .selectFrom('issued_documents')
    .select(['kind', 'order_no'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!doc || !KINDS.includes(doc.kind as DocumentKind)) return null;
  const order = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', doc.order_no)
    .executeTakeFirstOrThrow();
  const work = await deps.db
    .selectFrom('works as w')
    .innerJoin('users as u', 'u.id', 'w.designer_id')
    .select(['w.id', 'w.title', 'w.created_at', 'w.published_at', 'u.user_name'])
    .where('w.id', '=', order.work_id)
    .executeTakeFirstOrThrow();
  const buyer = await deps.db
    .selectFrom('users')
    .select(['user_name', 'phone'])
    .where('id', '=', order.buyer_id)
    .executeTakeFirstOrThrow();
  const kids = parseJsonArray(order.category_kids, isInt);
  const categories =
    kids.length === 0
      ? []
      : (
          await deps.db
            .selectFrom('categories')
            .select(['kid', 'title'])
            .where('kid', 'in', kids)
            .execute()
        ).map((c) => c.title);
  return {
    kind: doc.kind as DocumentKind,
    code,
    order,
    work,
    designer: { name: work.user_name },
    buyer: { name: buyer.user_name, phone: buyer.phone },
    categories,
  };
}

const workNo = (id: number) => `WY-${String(id).padStart(8, '0')}`;
const ms = (iso: string | null, fallback: number) => (iso ? Date.parse(iso) : fallback);

async function previewBytes(deps: Deps, workId: number): Promise<Buffer | null> {
  const image = await deps.db
    .selectFrom('work_images')
    .select('storage_key')
    .where('work_id', '=', workId)
    .where('kind', '=', 'preview')
    .executeTakeFirst();
  if (!image) return null;
  return (await deps.storage.get(image.storage_key))?.body ?? null;
}

/**
 * The PDF of a document by its code, rendered once per signing state and kept in storage.
 * Null for an unknown code.
 */
export async function documentPdf(
  deps: Deps,
  code: string,
  origin: string,
): Promise<Buffer | null> {
  const facts = await factsOf(deps, code);
  if (!facts) return null;
  const { order } = facts;
  const signed = order.contract_signed_at !== null;
  const key = `private/documents/${code}${facts.kind === 'contract' && signed ? '-signed' : ''}.pdf`;
  const stored = await deps.storage.get(key);
  if (stored) return stored.body;

  const verification = { code, url: new URL(`/verify/${code}`, origin).href };
  const paidAt = ms(order.paid_at, deps.now());
  const buyer = { name: order.buyer_name || facts.buyer.name, phone: facts.buyer.phone };
  let pdf: Buffer;
  if (facts.kind === 'contract') {
    pdf = await renderLicenceContract({
      contractNo: code,
      licensor: facts.designer,
      licensee: buyer,
      work: {
        title: facts.work.title,
        workNo: workNo(facts.work.id),
        image: await previewBytes(deps, facts.work.id),
      },
      licence: {
        kindTitle: order.licence_title,
        exclusive: order.licence_kind === 'category_exclusive',
        scope:
          (
            await deps.db
              .selectFrom('work_licences')
              .select('scope')
              .where('id', '=', order.licence_id)
              .executeTakeFirst()
          )?.scope ?? order.licence_title,
        categories: facts.categories,
        customKey: order.custom_key || null,
      },
      term: { startAt: ms(order.licence_start, paidAt), endAt: ms(order.licence_end, paidAt) },
      priceFen: order.amount_fen,
      signing: signed
        ? {
            state: 'signed',
            signerName: order.contract_signer,
            signedAt: ms(order.contract_signed_at, paidAt),
          }
        : { state: 'unsigned' },
      verification,
      issuedAt: paidAt,
    });
  } else if (facts.kind === 'trade') {
    pdf = await renderTradeCertificate({
      certificateNo: code,
      orderNo: order.order_no,
      buyer,
      work: { title: facts.work.title, workNo: workNo(facts.work.id) },
      licence: {
        kindTitle: order.licence_title,
        categories: facts.categories,
        term: { startAt: ms(order.licence_start, paidAt), endAt: ms(order.licence_end, paidAt) },
        customKey: order.custom_key || null,
      },
      amountFen: order.amount_fen,
      paidAt,
      channel: (order.pay_channel ?? 'sandbox') as DocumentPayChannel,
      verification,
      issuedAt: paidAt,
    });
  } else {
    pdf = await renderCopyrightCertificate({
      certificateNo: code,
      work: {
        title: facts.work.title,
        workNo: workNo(facts.work.id),
        image: await previewBytes(deps, facts.work.id),
      },
      author: facts.designer.name,
      createdAt: Date.parse(facts.work.created_at),
      publishedAt: facts.work.published_at ? Date.parse(facts.work.published_at) : null,
      registeredAt: paidAt,
      verification,
    });
  }
  await deps.storage.put(key, pdf, 'application/pdf');
  return pdf;
}

export type Verification =
  | { genuine: false }
  | {
      genuine: true;
      valid: boolean;
      kindTitle: string;
      orderNoMasked: string;
      workTitle: string;
      licenceTitle: string;
      licensee: string;
      period: string;
      state: string;
    };

const maskName = (name: string) =>
  name.length <= 1 ? name : `${name.slice(0, 1)}${'*'.repeat(Math.min(4, name.length - 1))}`;

/** What the public verification page says of a code: unknown, or the document it belongs to. */
export async function verifyDocument(deps: Deps, code: string): Promise<Verification> {
  if (!/^[A-Z0-9]{6,32}$/.test(code)) return { genuine: false };
  const facts = await factsOf(deps, code);
  if (!facts) return { genuine: false };
  const { order } = facts;
  const running = order.state === 'paid' || order.state === 'authorised';
  const end = order.licence_end ? Date.parse(order.licence_end) : 0;
  const valid = running && end > deps.now();
  return {
    genuine: true,
    valid,
    kindTitle: DOCUMENT_KIND_TITLES[facts.kind] ?? '',
    orderNoMasked: `${order.order_no.slice(0, 6)}****${order.order_no.slice(-4)}`,
    workTitle: facts.work.title,
    licenceTitle: order.licence_title,
    licensee: maskName(order.buyer_name || facts.buyer.name),
    period:
      order.licence_start && order.licence_end
        ? ORDERS_MSG.document.period(chinaDay(Date.parse(order.licence_start)), chinaDay(end))
        : '',
    state: !running
      ? ORDERS_MSG.document.stateRefunded
      : valid
        ? ORDERS_MSG.document.stateValid
        : ORDERS_MSG.document.stateExpired,
  };
}
