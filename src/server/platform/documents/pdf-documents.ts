// The PDF documents of a paid licence (docs/documents.md): the licence contract, the trade
// certificate, the copyright certificate and the receipt of a payment or refund. Pure: each
// function takes plain data (instants as epoch ms, amounts as integer fen, images as bytes) and
// returns the PDF bytes; nothing here reads the clock, the database or the network, so the same
// data gives the same bytes. The orders domain stores and serves the result.
//
// pdfkit lays the pages out; the Chinese text is set in Noto Sans SC (Noto Sans Hans OTF from
// @embedpdf/fonts-sc), which pdfkit embeds as a subset of the glyphs a document uses, so a document
// with a picture stays well under a megabyte although the font file is 8 MB.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import dayjs from 'dayjs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { CHINA_TIME_ZONE, chinaDay } from '../china-time';

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

/** How a document is verified: the code printed on it, and the page its QR code opens. */
export type DocumentVerification = {
  /** The verification code, printed as is (e.g. WY-7K3M-9QXD). */
  code: string;
  /** The public verification URL the QR code encodes and the text names. */
  url: string;
};

/** The buyer: a person, or a company (then `companyName` is printed after the person). */
export type DocumentBuyer = {
  name: string;
  companyName?: string | null;
  /** A mainland mobile number; printed masked (138****0000). */
  phone?: string | null;
};

/** A work on a document. `image` is the preview picture (PNG or JPEG bytes); none → a placeholder. */
export type DocumentWork = {
  title: string;
  workNo: string;
  image?: Uint8Array | null;
};

/** The channels a payment or refund goes through (the payments platform's `PayChannel`). */
export type DocumentPayChannel = 'wechat' | 'alipay' | 'bank' | 'balance' | 'sandbox';

/** A contract not yet signed, or signed by the licensee's signer on a day. */
export type ContractSigning =
  { state: 'unsigned' } | { state: 'signed'; signerName: string; signedAt: number };

export type LicenceContractData = {
  contractNo: string;
  /** 甲方: the designer who holds the copyright. */
  licensor: { name: string };
  /** 乙方: the buyer. */
  licensee: DocumentBuyer;
  work: DocumentWork;
  licence: {
    /** The licence kind as sold, e.g. 品类独家授权, 非独家商用授权, 素材授权, 扩展商用授权. */
    kindTitle: string;
    /** An exclusive licence adds the exclusivity clause. */
    exclusive: boolean;
    /** What the licensee may do with the work, one or more sentences. */
    scope: string;
    /** The categories of use (names), e.g. 女装、家纺. */
    categories: readonly string[];
    /** The buyer's custom key (brand or product line), when the order has one. */
    customKey?: string | null;
  };
  /** The licence term: start and end instants (ms), printed as China calendar days. */
  term: { startAt: number; endAt: number };
  priceFen: number;
  signing: ContractSigning;
  verification: DocumentVerification;
  /** When the document is produced (ms): the PDF's creation date and the date printed on it. */
  issuedAt: number;
};

export type TradeCertificateData = {
  certificateNo: string;
  orderNo: string;
  buyer: DocumentBuyer;
  work: Omit<DocumentWork, 'image'>;
  licence: {
    kindTitle: string;
    categories?: readonly string[];
    term?: { startAt: number; endAt: number };
    customKey?: string | null;
  };
  amountFen: number;
  paidAt: number;
  channel: DocumentPayChannel;
  verification: DocumentVerification;
  issuedAt: number;
};

export type CopyrightCertificateData = {
  certificateNo: string;
  work: DocumentWork;
  author: string;
  /** Defaults to the author. */
  copyrightHolder?: string | null;
  /** The day the work was completed (ms). */
  createdAt: number;
  /** The day the work was first published on the platform (ms), if it was. */
  publishedAt?: number | null;
  /** The registration date (ms); also the PDF's creation date. */
  registeredAt: number;
  verification: DocumentVerification;
};

export type ReceiptLine = {
  description: string;
  /** The line's amount in fen (positive, for a refund too). */
  amountFen: number;
  quantity?: number;
};

export type ReceiptData = {
  receiptNo: string;
  /** A payment (收款票据) or a refund (退款票据). */
  kind: 'payment' | 'refund';
  payer: DocumentBuyer;
  /** Who received the money; defaults to the platform. */
  payee?: string | null;
  /** The total, which must equal the sum of the lines. */
  amountFen: number;
  lines: readonly ReceiptLine[];
  /** When the money moved (ms). */
  paidAt: number;
  channel: DocumentPayChannel;
  orderNo?: string | null;
  note?: string | null;
};

// ---------------------------------------------------------------------------------------------
// Formatting (exported for the tests and for callers that print the same values elsewhere)
// ---------------------------------------------------------------------------------------------

const PLATFORM = '纹样平台';

/** Integer fen as yuan with thousands separators and always two decimals: 289000 → ¥2,890.00. */
export function formatFenYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`amount is not whole fen: ${fen}`);
  const abs = Math.abs(fen);
  const yuan = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fen < 0 ? '-' : ''}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';

/** Integer fen as the capitalised amount of Chinese receipts: 289000 → 人民币贰仟捌佰玖拾元整. */
export function formatFenChinese(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0)
    throw new RangeError(`amount is not whole fen: ${fen}`);
  const yuan = Math.trunc(fen / 100);
  const jiao = Math.trunc(fen / 10) % 10;
  const cent = fen % 10;
  const group = (n: number): string => {
    // 0 < n < 10000
    const units = ['', '拾', '佰', '仟'];
    let out = '';
    let zero = false;
    for (let i = 3; i >= 0; i--) {
      const d = Math.trunc(n / 10 ** i) % 10;
      if (d === 0) {
        zero = out !== '';
      } else {
        out += (zero ? '零' : '') + DIGITS[d] + units[i];
        zero = false;
      }
    }
    return out;
  };
  let integer = '';
  if (yuan > 0) {
    const bigUnits = ['', '万', '亿', '万亿'];
    const groups: number[] = [];
    for (let n = yuan; n > 0; n = Math.trunc(n / 10000)) groups.push(n % 10000);
    let needZero = false;
    for (let i = groups.length - 1; i >= 0; i--) {
      const g = groups[i] ?? 0;
      if (g === 0) {
        needZero = integer !== '';
        continue;
      }
      if (integer !== '' && (needZero || g < 1000)) integer += '零';
      integer += group(g) + bigUnits[i];
      needZero = false;
    }
    integer += '元';
  }
  let fraction = '';
  if (jiao === 0 && cent === 0) fraction = yuan > 0 ? '整' : '零元整';
  else {
    if (jiao > 0) fraction += `${DIGITS[jiao]}角`;
    else if (yuan > 0) fraction += '零';
    if (cent > 0) fraction += `${DIGITS[cent]}分`;
  }
  return `人民币${integer}${fraction}`;
}

/**
 * A phone number masked for print: a mainland mobile as 138****0000, any other number as its first
 * three and last four digits around ****, text already masked as it is.
 */
export function maskPhone(phone: string): string {
  if (phone.includes('*')) return phone;
  const digits = phone.replace(/\D/g, '').replace(/^86(?=1\d{10}$)/, '');
  if (digits.length < 8) return '****';
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

/** The China calendar day of an instant: YYYY-MM-DD. */
export const chinaDate = chinaDay;

/** The China wall-clock time of an instant: YYYY-MM-DD HH:mm:ss. */
export const chinaDateTime = (ms: number): string =>
  dayjs(ms).tz(CHINA_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss');

const CHANNEL_TITLES: Record<DocumentPayChannel, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  bank: '银行转账',
  balance: '余额',
  sandbox: '沙箱支付',
};

/** The printed name of a payment channel: wechat → 微信支付. */
export const payChannelTitle = (channel: DocumentPayChannel): string => CHANNEL_TITLES[channel];

const NUMERALS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/** 1 → 一, 12 → 十二, 20 → 二十 (clause numbers). */
function chineseNumber(n: number): string {
  if (n <= 10) return NUMERALS[n] ?? String(n);
  if (n < 20) return `十${NUMERALS[n - 10] ?? ''}`;
  if (n < 100) return `${NUMERALS[Math.trunc(n / 10)]}十${n % 10 ? NUMERALS[n % 10] : ''}`;
  return String(n);
}

const buyerText = (b: DocumentBuyer): string =>
  b.companyName ? `${b.companyName}（经办人：${b.name}）` : b.name;

// ---------------------------------------------------------------------------------------------
// Fonts, images, QR codes
// ---------------------------------------------------------------------------------------------

type Fonts = { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource };
let fontsOnce: Promise<Fonts> | null = null;

/**
 * A font file parsed by fontkit, for pdfkit. pdfkit takes a parsed font as well as bytes
 * (PDFFontFactory.open accepts any object with `layout`), which its types leave out; parsing once
 * per process instead of once per document halves the time a document takes. Each document still
 * makes its own subset of the glyphs it uses.
 */
function parseFont(bytes: Buffer, file: string): PDFKit.Mixins.PDFFontSource {
  const font = fontkit.create(bytes);
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}

/**
 * The two weights used, read and parsed once per process, on the first document. The package
 * exports only its index module, so the font directory is found next to the file Node resolves
 * for it (not a hard-coded node_modules path).
 */
function loadFonts(): Promise<Fonts> {
  if (!fontsOnce) {
    const load = async (): Promise<Fonts> => {
      const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
      const dir = join(dirname(entry), '..', 'fonts');
      const files = ['NotoSansHans-Regular.otf', 'NotoSansHans-Bold.otf'] as const;
      const [regular, bold] = await Promise.all(files.map((f) => readFile(join(dir, f))));
      if (!regular || !bold) throw new Error('font files missing');
      return { regular: parseFont(regular, files[0]), bold: parseFont(bold, files[1]) };
    };
    fontsOnce = load();
    fontsOnce.catch(() => {
      fontsOnce = null; // a failed read is retried by the next document
    });
  }
  return fontsOnce;
}

/** Longest side of an embedded picture, in pixels (about 240 dpi at the printed size). */
const IMAGE_MAX_PX = 800;

/**
 * The preview picture as a bounded JPEG (any orientation applied, transparency on white), or null
 * when there is none or its bytes are no picture, so a huge upload cannot bloat the document and a
 * broken one prints the placeholder instead of failing the document.
 */
async function preparePicture(bytes: Uint8Array | null | undefined): Promise<Buffer | null> {
  if (!bytes || bytes.byteLength === 0) return null;
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize(IMAGE_MAX_PX, IMAGE_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The verification URL as a PNG QR code, in one grey channel: qrcode writes RGBA, whose alpha
 * would add a soft mask to every document.
 */
async function qrPng(url: string): Promise<Buffer> {
  const rgba = await QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    scale: 6,
  });
  return sharp(rgba).flatten({ background: '#ffffff' }).toColourspace('b-w').png().toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const MARGIN = 56;
const INK = '#1f1f1f';
const MUTED = '#6b6b6b';
const ACCENT = '#8c2f1f';
const RULE = '#c9c9c9';

type Doc = PDFKit.PDFDocument;

/** One PDF being written: the document, its fonts, and the bytes collected as it streams. */
async function startDocument(
  title: string,
  createdAt: number,
): Promise<{ doc: Doc; finish: () => Promise<Buffer> }> {
  const fonts = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    pdfVersion: '1.7',
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: title,
      Author: PLATFORM,
      Creator: '纹样 Wenyang',
      CreationDate: new Date(createdAt),
      ModDate: new Date(createdAt),
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.font('regular').fillColor(INK);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

const contentWidth = (doc: Doc): number => doc.page.width - MARGIN * 2;
const bottomLimit = (doc: Doc): number => doc.page.height - MARGIN;

/** Starts a new page unless `height` points fit below the cursor. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

/** The title block: a title, a line of numbers under it, and a rule. */
function header(doc: Doc, title: string, numbers: readonly string[]): void {
  doc.font('bold').fontSize(22).fillColor(ACCENT);
  doc.text(title, MARGIN, MARGIN, {
    width: contentWidth(doc),
    align: 'center',
    characterSpacing: 4,
  });
  doc.moveDown(0.4);
  doc.font('regular').fontSize(9.5).fillColor(MUTED);
  doc.text(numbers.join('    '), { width: contentWidth(doc), align: 'center' });
  doc.moveDown(0.6);
  rule(doc);
  doc.fillColor(INK);
}

function rule(doc: Doc): void {
  const y = doc.y;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 10;
}

function sectionTitle(doc: Doc, text: string): void {
  ensureSpace(doc, 40);
  doc.moveDown(0.5);
  doc.font('bold').fontSize(12).fillColor(ACCENT).text(text, MARGIN, doc.y);
  doc.moveDown(0.3);
  doc.font('regular').fillColor(INK);
}

type Row = readonly [label: string, value: string];

/** Label–value rows at `x` within `width`: the label in grey, the value wrapping beside it. */
function rows(doc: Doc, items: readonly Row[], x = MARGIN, width = contentWidth(doc)): void {
  const labelWidth = 96;
  doc.fontSize(10.5);
  for (const [label, value] of items) {
    ensureSpace(doc, 18);
    const y = doc.y;
    doc.font('regular').fillColor(MUTED).text(`${label}`, x, y, { width: labelWidth });
    const afterLabel = doc.y;
    doc
      .fillColor(INK)
      .text(value === '' ? '—' : value, x + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, afterLabel) + 3;
  }
  doc.x = MARGIN;
}

/** The picture fitted in a framed box, or a placeholder box saying there is none. */
function pictureBox(doc: Doc, picture: Buffer | null, x: number, y: number, size: number): void {
  doc.save();
  doc.rect(x, y, size, size).lineWidth(0.6).strokeColor(RULE).stroke();
  doc.restore();
  if (picture) {
    const pad = 4;
    doc.image(picture, x + pad, y + pad, {
      fit: [size - pad * 2, size - pad * 2],
      align: 'center',
      valign: 'center',
    });
  } else {
    doc.save();
    doc.rect(x, y, size, size).fillColor('#f2f2f2').fill();
    doc.restore();
    doc.rect(x, y, size, size).lineWidth(0.6).strokeColor(RULE).dash(3, { space: 3 }).stroke();
    doc.undash();
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text('暂无预览图', x, y + size / 2 - 7, { width: size, align: 'center' });
    doc.fillColor(INK);
  }
}

/** A work's picture on the left and rows about it on the right. */
function pictureWithRows(doc: Doc, picture: Buffer | null, items: readonly Row[]): void {
  const size = 150;
  ensureSpace(doc, size + 10);
  const top = doc.y;
  pictureBox(doc, picture, MARGIN, top, size);
  doc.y = top;
  rows(doc, items, MARGIN + size + 18, contentWidth(doc) - size - 18);
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + size) + 8;
}

/** The verification block: the QR code, the code, and 扫码或访问 {url} 核验真伪. */
async function verificationBlock(doc: Doc, v: DocumentVerification): Promise<void> {
  const qr = await qrPng(v.url);
  const size = 92;
  ensureSpace(doc, size + 24);
  doc.moveDown(0.8);
  rule(doc);
  const top = doc.y;
  doc.image(qr, doc.page.width - MARGIN - size, top, { width: size, height: size });
  const textWidth = contentWidth(doc) - size - 16;
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(`核验码：${v.code}`, MARGIN, top + 8, {
      width: textWidth,
    });
  doc.moveDown(0.4);
  doc.font('regular').fontSize(9.5).fillColor(MUTED);
  doc.text(`扫码或访问 ${v.url} 核验真伪`, MARGIN, doc.y, { width: textWidth });
  doc.moveDown(0.3);
  doc.text('本文件由纹样平台依据交易记录生成，内容以平台核验结果为准。', { width: textWidth });
  doc.fillColor(INK);
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + size) + 6;
}

/** A paragraph of body text. */
function paragraph(doc: Doc, text: string, options: { indent?: number } = {}): void {
  ensureSpace(doc, 16);
  const indent = options.indent ?? 0;
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(INK)
    .text(text, MARGIN + indent, doc.y, {
      width: contentWidth(doc) - indent,
      lineGap: 3,
      // Not justified: pdfkit justifies by widening spaces only, which Chinese text has few of.
      align: 'left',
    });
  doc.x = MARGIN;
}

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

/** A sentence ending in a full stop. */
const withFullStop = (text: string): string => {
  const t = text.trim();
  return t === '' || /[。！？；.!?;]$/.test(t) ? t : `${t}。`;
};

function contractClauses(d: LicenceContractData): [heading: string, text: string][] {
  const start = chinaDate(d.term.startAt);
  const end = chinaDate(d.term.endAt);
  const categories = d.licence.categories.join('、') || '不限品类';
  const clauses: [string, string][] = [
    [
      '授权内容',
      `甲方将其依法享有著作权的作品《${d.work.title}》（作品编号：${d.work.workNo}）以“${d.licence.kindTitle}”方式许可乙方使用。本合同仅许可作品的使用权，作品的著作权及其他权利仍归甲方所有。`,
    ],
    [
      '授权范围',
      `${withFullStop(d.licence.scope)}使用品类：${categories}。授权期限自 ${start} 起至 ${end} 止。乙方不得超出上述品类、期限和方式使用本作品，不得将本作品转授权、转让或单独作为图案素材出售给任何第三方。`,
    ],
  ];
  if (d.licence.exclusive) {
    clauses.push([
      '独家性',
      `在授权期限内，就上述使用品类，甲方不得再许可任何第三方使用本作品，亦不得自行在上述品类中进行商业使用；纹样平台将在上述品类中停止向其他用户出售本作品的授权。上述品类以外的使用不受本条限制。`,
    ]);
  }
  clauses.push(
    [
      '授权费用',
      `本合同项下的授权费用为 ${formatFenYuan(d.priceFen)}（${formatFenChinese(d.priceFen)}），由乙方通过纹样平台一次性支付。费用一经支付，非因甲方原因不予退还。`,
    ],
    [
      '著作权保证',
      '甲方保证其为本作品的原创作者或合法著作权人，有权作出本合同项下的许可，且本作品不侵犯任何第三方的著作权、商标权或其他合法权益。如因作品权属问题导致乙方遭受第三方主张权利的，由甲方负责处理并承担由此给乙方造成的损失。',
    ],
    [
      '违约责任',
      '任何一方违反本合同约定的，应承担违约责任，并赔偿守约方因此遭受的直接损失。乙方超出授权范围使用本作品的，甲方有权要求乙方立即停止使用、终止本合同并要求赔偿。',
    ],
    [
      '争议解决',
      '因本合同引起的或与本合同有关的任何争议，双方应友好协商解决；协商不成的，任何一方均可向纹样平台运营方所在地有管辖权的人民法院提起诉讼。',
    ],
    [
      '其他',
      '本合同自双方在纹样平台完成电子签署之日起生效，电子签署与书面签署具有同等法律效力。本合同可通过文末核验码在纹样平台核验真伪。',
    ],
  );
  return clauses;
}

/** 授权许可合同: the licence contract between the designer (甲方) and the buyer (乙方). */
export async function renderLicenceContract(data: LicenceContractData): Promise<Buffer> {
  const [picture, { doc, finish }] = await Promise.all([
    preparePicture(data.work.image),
    startDocument(`授权许可合同 ${data.contractNo}`, data.issuedAt),
  ]);
  header(doc, '授权许可合同', [
    `合同编号：${data.contractNo}`,
    `生成日期：${chinaDate(data.issuedAt)}`,
  ]);

  sectionTitle(doc, '合同双方');
  const licensee: Row[] = [['乙方（被授权方）', buyerText(data.licensee)]];
  if (data.licensee.phone) licensee.push(['联系电话', maskPhone(data.licensee.phone)]);
  rows(doc, [['甲方（授权方）', `${data.licensor.name}（著作权人）`], ...licensee]);

  sectionTitle(doc, '授权作品与许可');
  const licenceRows: Row[] = [
    ['作品名称', `《${data.work.title}》`],
    ['作品编号', data.work.workNo],
    ['授权类型', data.licence.kindTitle],
    ['使用品类', data.licence.categories.join('、') || '不限品类'],
    ['授权期限', `${chinaDate(data.term.startAt)} 至 ${chinaDate(data.term.endAt)}`],
    ['授权费用', formatFenYuan(data.priceFen)],
  ];
  if (data.licence.customKey) licenceRows.push(['自定义标识', data.licence.customKey]);
  pictureWithRows(doc, picture, licenceRows);

  sectionTitle(doc, '合同条款');
  contractClauses(data).forEach(([heading, text], i) => {
    paragraph(doc, `第${chineseNumber(i + 1)}条\u3000${heading}`);
    doc.moveUp(0.05);
    paragraph(doc, text, { indent: 21 });
    doc.moveDown(0.35);
  });

  sectionTitle(doc, '签署');
  const signed = data.signing.state === 'signed' ? data.signing : null;
  rows(doc, [
    ['甲方（授权方）', data.licensor.name],
    ['乙方（被授权方）', buyerText(data.licensee)],
    [
      '签署状态',
      signed
        ? `已签署（签署人：${signed.signerName}，签署日期：${chinaDate(signed.signedAt)}）`
        : '未签署',
    ],
  ]);

  await verificationBlock(doc, data.verification);
  return finish();
}

/** 交易凭证: proof that an order was paid. */
export async function renderTradeCertificate(data: TradeCertificateData): Promise<Buffer> {
  const { doc, finish } = await startDocument(`交易凭证 ${data.certificateNo}`, data.issuedAt);
  header(doc, '交易凭证', [
    `凭证编号：${data.certificateNo}`,
    `出具日期：${chinaDate(data.issuedAt)}`,
  ]);

  sectionTitle(doc, '交易信息');
  const items: Row[] = [
    ['订单编号', data.orderNo],
    ['购买方', buyerText(data.buyer)],
  ];
  if (data.buyer.phone) items.push(['联系电话', maskPhone(data.buyer.phone)]);
  items.push(
    ['作品名称', `《${data.work.title}》`],
    ['作品编号', data.work.workNo],
    ['授权类型', data.licence.kindTitle],
  );
  if (data.licence.categories?.length) items.push(['使用品类', data.licence.categories.join('、')]);
  if (data.licence.term) {
    items.push([
      '授权期限',
      `${chinaDate(data.licence.term.startAt)} 至 ${chinaDate(data.licence.term.endAt)}`,
    ]);
  }
  if (data.licence.customKey) items.push(['自定义标识', data.licence.customKey]);
  items.push(
    ['交易金额', `${formatFenYuan(data.amountFen)}（${formatFenChinese(data.amountFen)}）`],
    ['支付时间', chinaDateTime(data.paidAt)],
    ['支付方式', payChannelTitle(data.channel)],
  );
  rows(doc, items);

  doc.moveDown(0.8);
  paragraph(
    doc,
    `兹证明上述订单已于 ${chinaDateTime(data.paidAt)}（北京时间）通过${payChannelTitle(data.channel)}完成支付，购买方依所购授权享有相应的作品使用权。`,
  );

  await verificationBlock(doc, data.verification);
  return finish();
}

/** 作品版权登记证书: the platform's record of who created and holds a work. */
export async function renderCopyrightCertificate(data: CopyrightCertificateData): Promise<Buffer> {
  const [picture, { doc, finish }] = await Promise.all([
    preparePicture(data.work.image),
    startDocument(`作品版权登记证书 ${data.certificateNo}`, data.registeredAt),
  ]);
  header(doc, '作品版权登记证书', [
    `证书编号：${data.certificateNo}`,
    `登记日期：${chinaDate(data.registeredAt)}`,
  ]);

  sectionTitle(doc, '作品信息');
  const holder = data.copyrightHolder ?? data.author;
  const items: Row[] = [
    ['作品名称', `《${data.work.title}》`],
    ['作品编号', data.work.workNo],
    ['作者', data.author],
    ['著作权人', holder],
    ['创作完成日期', chinaDate(data.createdAt)],
    ['首次发表日期', data.publishedAt != null ? chinaDate(data.publishedAt) : '未发表'],
    ['登记日期', chinaDate(data.registeredAt)],
  ];
  pictureWithRows(doc, picture, items);

  doc.moveDown(0.8);
  paragraph(
    doc,
    `经审核，作品《${data.work.title}》由${data.author}创作，著作权人为${holder}，已于 ${chinaDate(data.registeredAt)} 在纹样平台登记，特发此证。`,
  );
  doc.moveDown(0.4);
  paragraph(
    doc,
    '说明：本证书为纹样平台依据作者提交的作品及声明出具的登记证明，用于证明作品在平台登记的时间与权属声明，不替代国家版权登记机构出具的作品登记证书。',
  );

  await verificationBlock(doc, data.verification);
  return finish();
}

/** 收款票据 / 退款票据: one payment (or refund) and what it was for. */
export async function renderReceipt(data: ReceiptData): Promise<Buffer> {
  const sum = data.lines.reduce((total, line) => total + line.amountFen, 0);
  if (sum !== data.amountFen) {
    throw new RangeError(
      `receipt ${data.receiptNo}: lines add up to ${sum}, not ${data.amountFen}`,
    );
  }
  const refund = data.kind === 'refund';
  const title = refund ? '退款票据' : '收款票据';
  const { doc, finish } = await startDocument(`${title} ${data.receiptNo}`, data.paidAt);
  header(doc, title, [`票据编号：${data.receiptNo}`, `日期：${chinaDate(data.paidAt)}`]);

  const party: Row[] = [
    [refund ? '收款方' : '付款方', buyerText(data.payer)],
    [refund ? '退款方' : '收款方', data.payee ?? PLATFORM],
  ];
  if (data.payer.phone) party.splice(1, 0, ['联系电话', maskPhone(data.payer.phone)]);
  if (data.orderNo) party.push(['订单编号', data.orderNo]);
  party.push(
    [refund ? '退款时间' : '付款时间', chinaDateTime(data.paidAt)],
    [refund ? '退款渠道' : '支付方式', payChannelTitle(data.channel)],
  );
  rows(doc, party);

  // The item table.
  doc.moveDown(0.8);
  const x = MARGIN;
  const width = contentWidth(doc);
  const columns = { no: 36, qty: 60, amount: 120 };
  const descWidth = width - columns.no - columns.qty - columns.amount;
  const tableRow = (cells: [string, string, string, string], bold: boolean, fill?: string) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(10.5);
    const height =
      Math.max(doc.heightOfString(cells[1], { width: descWidth - 12 }), doc.currentLineHeight()) +
      12;
    ensureSpace(doc, height);
    const y = doc.y;
    if (fill) {
      doc.save();
      doc.rect(x, y, width, height).fillColor(fill).fill();
      doc.restore();
    }
    doc.fillColor(INK);
    doc.text(cells[0], x + 6, y + 6, { width: columns.no - 12 });
    doc.text(cells[1], x + columns.no + 6, y + 6, { width: descWidth - 12 });
    doc.text(cells[2], x + columns.no + descWidth + 6, y + 6, {
      width: columns.qty - 12,
      align: 'right',
    });
    doc.text(cells[3], x + width - columns.amount + 6, y + 6, {
      width: columns.amount - 12,
      align: 'right',
    });
    doc
      .moveTo(x, y + height)
      .lineTo(x + width, y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  tableRow(['序号', '项目', '数量', '金额'], true, '#f4ece9');
  data.lines.forEach((line, i) => {
    tableRow(
      [String(i + 1), line.description, String(line.quantity ?? 1), formatFenYuan(line.amountFen)],
      false,
    );
  });
  tableRow(['', refund ? '退款合计' : '合计', '', formatFenYuan(data.amountFen)], true);

  doc.moveDown(0.6);
  paragraph(doc, `金额大写：${formatFenChinese(data.amountFen)}`);
  if (data.note) {
    doc.moveDown(0.3);
    paragraph(doc, `备注：${data.note}`);
  }
  doc.moveDown(1.2);
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`${PLATFORM}电子票据，由系统依据支付记录生成。`, MARGIN, doc.y, {
      width: contentWidth(doc),
    });
  return finish();
}
