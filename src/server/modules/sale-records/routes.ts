import type { FastifyInstance } from 'fastify';
import {
  exportSaleRecords,
  getSaleRecordDetail,
  getSaleRecordList,
  getSaleRecordStats,
} from '@shared/contract/sale-records';
import { registerCall } from '../../http/register-call';
import {
  exportSales,
  saleMonthlyStats,
  saleRecordDetail,
  saleRecordList,
} from './sale-records-service';

export function registerSaleRecordsRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db } = deps;

  registerCall(app, getSaleRecordList, async (input, { currentUser }) =>
    saleRecordList(db, currentUser().id, input),
  );

  registerCall(app, getSaleRecordStats, async (input, { currentUser }) => ({
    months: await saleMonthlyStats(deps, currentUser().id, input.months),
  }));

  registerCall(app, getSaleRecordDetail, async (input, { currentUser }) =>
    saleRecordDetail(db, currentUser().id, input.id),
  );

  registerCall(app, exportSaleRecords, async (input, { currentUser }) =>
    exportSales(db, currentUser().id, input),
  );
}
