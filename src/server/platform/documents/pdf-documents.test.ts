import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatFenChinese,
  formatFenYuan,
  maskPhone,
  renderCopyrightCertificate,
  renderLicenceContract,
  renderReceipt,
  renderTradeCertificate,
  type CopyrightCertificateData,
  type LicenceContractData,
  type ReceiptData,
  type TradeCertificateData,
} from './pdf-documents';

/** 2026-11-24 09:30 in China (01:30 UTC). */
const ISSUED = Date.UTC(2026, 10, 24, 1, 30);
/** 2026-11-24 00:30 in China, still 11-23 in UTC: dates must be China days. */
const TERM_START = Date.UTC(2026, 10, 23, 16, 30);
const TERM_END = Date.UTC(2027, 10, 23, 15, 59);
const URL_CONTRACT = 'https://wenyang.example/verify/WY7K3M9QXD';
const CODE = 'WY-7K3M-9QXD';

/** All the text of a PDF, whitespace removed (a wrapped line splits a phrase). */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, '');
}
const squash = (s: string): string => s.replace(/\s+/g, '');

/** The fonts a PDF names: embedded subsets carry a six-letter tag, ABCDEF+Name. */
const baseFonts = (pdf: Buffer): string[] =>
  [...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/([^\s/<>[\]]+)/g)].map((m) => m[1] ?? '');

function expectWellFormed(pdf: Buffer, maxBytes = 1.5 * 1024 * 1024): void {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeLessThan(maxBytes);
  const fonts = baseFonts(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  for (const name of fonts) expect(name).toMatch(/^[A-Z]{6}\+NotoSansHans-(Regular|Bold)$/);
  // A subset, not the 8 MB font file: the whole document is far smaller than one font.
  expect(pdf.length).toBeLessThan(8_000_000 / 4);
}

let picture: Buffer;

beforeAll(async () => {
  // A noisy 1600 px picture: the worst case for size (nothing compresses), bigger than printed.
  const side = 1600;
  const raw = Buffer.alloc(side * side * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = seed >> 23;
  }
  picture = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
});

const contract = (over: Partial<LicenceContractData> = {}): LicenceContractData => ({
  contractNo: 'HT202611240001',
  licensor: { name: '林青禾' },
  licensee: { name: '王小明', companyName: '杭州锦绣服饰有限公司', phone: '13800000000' },
  work: { title: '青花缠枝莲', workNo: 'WY-2026-000123', image: picture },
  licence: {
    kindTitle: '品类独家授权',
    exclusive: true,
    scope: '乙方可将本作品用于下列品类商品的设计、生产、销售及宣传推广。',
    categories: ['女装', '家纺'],
    customKey: '锦绣春季系列',
  },
  term: { startAt: TERM_START, endAt: TERM_END },
  priceFen: 289000,
  signing: { state: 'signed', signerName: '王小明', signedAt: ISSUED },
  verification: { code: CODE, url: URL_CONTRACT },
  issuedAt: ISSUED,
  ...over,
});

describe('formatting', () => {
  it('prints fen as yuan with separators and two decimals', () => {
    expect(formatFenYuan(289000)).toBe('¥2,890.00');
    expect(formatFenYuan(5)).toBe('¥0.05');
    expect(formatFenYuan(123456789)).toBe('¥1,234,567.89');
    expect(formatFenYuan(-1200)).toBe('-¥12.00');
  });

  it('prints the capitalised amount', () => {
    expect(formatFenChinese(289000)).toBe('人民币贰仟捌佰玖拾元整');
    expect(formatFenChinese(100500)).toBe('人民币壹仟零伍元整');
    expect(formatFenChinese(1000050000)).toBe('人民币壹仟万零伍佰元整');
    expect(formatFenChinese(1205)).toBe('人民币壹拾贰元零伍分');
    expect(formatFenChinese(30)).toBe('人民币叁角');
    expect(formatFenChinese(0)).toBe('人民币零元整');
  });

  it('masks a mobile number', () => {
    expect(maskPhone('13800000000')).toBe('138****0000');
    expect(maskPhone('+86 138-1234-5678')).toBe('138****5678');
    expect(maskPhone('138****0000')).toBe('138****0000');
    expect(maskPhone('+852 6123 4567')).toBe('852****4567');
    expect(maskPhone('12345')).toBe('****');
  });
});

describe('licence contract', () => {
  it('carries the parties, the work, the terms and the verification code as extractable text', async () => {
    const pdf = await renderLicenceContract(contract());
    expectWellFormed(pdf);
    const text = await pdfText(pdf);
    for (const s of [
      '授权许可合同',
      '合同编号：HT202611240001',
      '林青禾',
      '杭州锦绣服饰有限公司（经办人：王小明）',
      '138****0000',
      '《青花缠枝莲》',
      'WY-2026-000123',
      '品类独家授权',
      '女装、家纺',
      '2026-11-24至2027-11-23',
      '¥2,890.00',
      '人民币贰仟捌佰玖拾元整',
      '锦绣春季系列',
      '第一条',
      '授权内容',
      '独家性',
      '著作权保证',
      '违约责任',
      '争议解决',
      '已签署（签署人：王小明，签署日期：2026-11-24）',
      `核验码：${CODE}`,
      `扫码或访问${URL_CONTRACT}核验真伪`,
    ]) {
      expect(text).toContain(squash(s));
    }
    expect(text).not.toContain('13800000000');
    expect(text).not.toContain('暂无预览图');
    // The picture and the QR code are both images.
    expect(pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('leaves out the exclusivity clause for a non-exclusive licence and shows 未签署', async () => {
    const pdf = await renderLicenceContract(
      contract({
        licence: {
          kindTitle: '非独家商用授权',
          exclusive: false,
          scope: '乙方可在授权期限内将本作品用于商业用途',
          categories: ['箱包'],
        },
        signing: { state: 'unsigned' },
      }),
    );
    const text = await pdfText(pdf);
    expect(text).toContain('非独家商用授权');
    expect(text).not.toContain('独家性');
    expect(text).toContain('签署状态未签署');
  });

  it('renders a placeholder box when the picture is missing or broken', async () => {
    for (const image of [null, new Uint8Array([1, 2, 3, 4, 5])]) {
      const pdf = await renderLicenceContract(contract({ work: { ...contract().work, image } }));
      expectWellFormed(pdf, 200_000);
      const text = await pdfText(pdf);
      expect(text).toContain('暂无预览图');
      expect(text).toContain('¥2,890.00');
      // Only the QR code is an image.
      expect(pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)).toHaveLength(1);
    }
  });

  it('gives the same bytes for the same data', async () => {
    const data = contract({ work: { ...contract().work, image: null } });
    const [a, b] = await Promise.all([renderLicenceContract(data), renderLicenceContract(data)]);
    expect(a.equals(b)).toBe(true);
  });
});

describe('trade certificate', () => {
  it('carries the order, the buyer, the amount, the payment and the code', async () => {
    const data: TradeCertificateData = {
      certificateNo: 'PZ202611240001',
      orderNo: 'DD202611240001',
      buyer: { name: '王小明', phone: '13912345678' },
      work: { title: '青花缠枝莲', workNo: 'WY-2026-000123' },
      licence: {
        kindTitle: '素材授权',
        categories: ['女装'],
        term: { startAt: TERM_START, endAt: TERM_END },
      },
      amountFen: 289000,
      paidAt: ISSUED,
      channel: 'wechat',
      verification: { code: 'PZ-AAAA-BBBB', url: 'https://wenyang.example/verify/PZAAAABBBB' },
      issuedAt: ISSUED,
    };
    const pdf = await renderTradeCertificate(data);
    expectWellFormed(pdf, 200_000);
    const text = await pdfText(pdf);
    for (const s of [
      '交易凭证',
      'PZ202611240001',
      'DD202611240001',
      '王小明',
      '139****5678',
      '《青花缠枝莲》',
      '素材授权',
      '¥2,890.00',
      '2026-11-2409:30:00',
      '微信支付',
      '核验码：PZ-AAAA-BBBB',
      '扫码或访问https://wenyang.example/verify/PZAAAABBBB核验真伪',
    ]) {
      expect(text).toContain(squash(s));
    }
    for (const [channel, title] of [
      ['alipay', '支付宝'],
      ['bank', '银行转账'],
      ['balance', '余额'],
      ['sandbox', '沙箱支付'],
    ] as const) {
      expect(await pdfText(await renderTradeCertificate({ ...data, channel }))).toContain(title);
    }
  });
});

describe('copyright certificate', () => {
  it('carries the work, the author and holder, the dates and the code', async () => {
    const data: CopyrightCertificateData = {
      certificateNo: 'BQ202611240001',
      work: { title: '青花缠枝莲', workNo: 'WY-2026-000123', image: picture },
      author: '林青禾',
      copyrightHolder: '青禾设计工作室',
      createdAt: Date.UTC(2026, 5, 1, 4),
      publishedAt: Date.UTC(2026, 5, 3, 4),
      registeredAt: ISSUED,
      verification: { code: 'BQ-CCCC-DDDD', url: 'https://wenyang.example/verify/BQCCCCDDDD' },
    };
    const pdf = await renderCopyrightCertificate(data);
    expectWellFormed(pdf);
    const text = await pdfText(pdf);
    for (const s of [
      '作品版权登记证书',
      'BQ202611240001',
      '《青花缠枝莲》',
      'WY-2026-000123',
      '林青禾',
      '青禾设计工作室',
      '2026-06-01',
      '2026-06-03',
      '2026-11-24',
      '核验码：BQ-CCCC-DDDD',
    ]) {
      expect(text).toContain(squash(s));
    }
  });
});

describe('receipt', () => {
  const receipt: ReceiptData = {
    receiptNo: 'SK202611240001',
    kind: 'payment',
    payer: { name: '王小明', companyName: '杭州锦绣服饰有限公司', phone: '13800000000' },
    amountFen: 289000,
    lines: [
      { description: '《青花缠枝莲》品类独家授权（女装，1 年）', amountFen: 199000 },
      { description: '《青花缠枝莲》品类独家授权（家纺，1 年）', amountFen: 90000 },
    ],
    paidAt: ISSUED,
    channel: 'alipay',
    orderNo: 'DD202611240001',
  };

  it('carries the payer, the lines, the total, the date and the channel', async () => {
    const pdf = await renderReceipt(receipt);
    expectWellFormed(pdf, 200_000);
    const text = await pdfText(pdf);
    for (const s of [
      '收款票据',
      'SK202611240001',
      '杭州锦绣服饰有限公司',
      '138****0000',
      '纹样平台',
      '家纺，1年',
      '¥1,990.00',
      '¥900.00',
      '¥2,890.00',
      '人民币贰仟捌佰玖拾元整',
      '2026-11-24',
      '支付宝',
    ]) {
      expect(text).toContain(squash(s));
    }
  });

  it('titles a refund 退款票据 and refuses lines that do not add up', async () => {
    const refund = await renderReceipt({
      ...receipt,
      kind: 'refund',
      amountFen: 90000,
      lines: [{ description: '退还家纺品类授权费用', amountFen: 90000 }],
    });
    const text = await pdfText(refund);
    expect(text).toContain('退款票据');
    expect(text).toContain('退款合计');
    await expect(renderReceipt({ ...receipt, amountFen: 1 })).rejects.toThrow(RangeError);
  });
});
