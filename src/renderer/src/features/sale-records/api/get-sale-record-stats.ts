import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getSaleRecordStats } from '@shared/contract/sale-records';
import { callApi } from '../../../api/api-client';

export type SaleRecordStatsInput = CallRequest<typeof getSaleRecordStats>;

/** SaleRecord/GetSaleRecordStats: sales and my share by month. */
export const fetchSaleRecordStats = (input: SaleRecordStatsInput) =>
  callApi(getSaleRecordStats, input);

export const saleRecordStatsQueryOptions = (input: SaleRecordStatsInput) =>
  queryOptions({
    queryKey: ['publishing', 'sales', 'stats', input],
    queryFn: () => fetchSaleRecordStats(input),
  });

export const useSaleRecordStats = (input: SaleRecordStatsInput) =>
  useQuery(saleRecordStatsQueryOptions(input));
