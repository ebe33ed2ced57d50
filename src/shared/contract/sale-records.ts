import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery } from './common';
import { apiPath, defineCall } from './define';
import { LICENCE_KINDS } from './works';

// Sale records: what a designer's works sold, the designer's share, monthly figures and an export.

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const Id = Type.Integer({ minimum: 1 });

export const SaleRecord = Type.Object({
  id: Type.Integer(),
  workId: Type.Integer(),
  workTitle: Type.String(),
  thumbUrl: Type.String(),
  orderNo: Type.String(),
  /** The buyer's company name only (never a person's details). */
  buyerCompany: Type.String(),
  licenceKind: Type.String(),
  licenceTitle: Type.String(),
  amountFen: Type.Integer(),
  /** The designer's share of the amount. */
  shareFen: Type.Integer(),
  soldAt: Type.String(),
});
export type SaleRecord = Static<typeof SaleRecord>;

const SaleFilters = {
  licenceKind: Type.Optional(literals(LICENCE_KINDS, '授权类型')),
  startDate: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '起始日（含）' }),
  ),
  endDate: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '截止日（含）' }),
  ),
  keyword: Type.Optional(Type.String({ maxLength: 50, description: '作品标题或订单号' })),
};

export const SaleTotals = Type.Object({
  count: Type.Integer(),
  amountFen: Type.Integer(),
  shareFen: Type.Integer(),
});

export const getSaleRecordList = defineCall({
  name: 'SaleRecord/GetSaleRecordList',
  path: apiPath('SaleRecord', 'GetSaleRecordList'),
  auth: 'required',
  tag: 'sale-records',
  summary: '我的销售记录（新的在前）：可按授权类型、日期、作品标题或订单号筛选，附合计',
  request: Type.Object({ ...PageQuery, ...SaleFilters }),
  response: Type.Object({
    list: Type.Array(SaleRecord),
    total: Type.Integer(),
    totals: SaleTotals,
  }),
});

export const getSaleRecordStats = defineCall({
  name: 'SaleRecord/GetSaleRecordStats',
  path: apiPath('SaleRecord', 'GetSaleRecordStats'),
  auth: 'required',
  tag: 'sale-records',
  summary: '按月统计的销售额与我的收入（最近 N 个月，含没有销售的月份）',
  request: Type.Object({ months: Type.Integer({ minimum: 1, maximum: 36, default: 12 }) }),
  response: Type.Object({
    months: Type.Array(
      Type.Object({
        month: Type.String(),
        count: Type.Integer(),
        amountFen: Type.Integer(),
        shareFen: Type.Integer(),
      }),
    ),
  }),
});

export const getSaleRecordDetail = defineCall({
  name: 'SaleRecord/GetSaleRecordDetail',
  path: apiPath('SaleRecord', 'GetSaleRecordDetail'),
  auth: 'required',
  tag: 'sale-records',
  summary: '一条销售记录的详情',
  request: Type.Object({ id: Id }),
  response: Type.Object({
    ...SaleRecord.properties,
    sharePercent: Type.Integer(),
    previewUrl: Type.String(),
  }),
});

/** Most rows one export returns. */
export const SALE_EXPORT_MAX_ROWS = 5000;

export const exportSaleRecords = defineCall({
  name: 'SaleRecord/ExportSaleRecords',
  path: apiPath('SaleRecord', 'ExportSaleRecords'),
  auth: 'required',
  tag: 'sale-records',
  summary: '导出销售记录（与列表相同的筛选，最多 5000 行），页面据此生成 CSV',
  request: Type.Object({ ...SaleFilters }),
  response: Type.Object({ rows: Type.Array(SaleRecord), truncated: Type.Boolean() }),
});
