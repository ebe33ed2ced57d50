import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getSaleRecordDetail } from '@shared/contract/sale-records';
import { callApi } from '../../../api/api-client';

export type SaleRecordDetailInput = CallRequest<typeof getSaleRecordDetail>;

/** SaleRecord/GetSaleRecordDetail: one sale. */
export const fetchSaleRecordDetail = (input: SaleRecordDetailInput) =>
  callApi(getSaleRecordDetail, input);

export const saleRecordDetailQueryOptions = (input: SaleRecordDetailInput) =>
  queryOptions({
    queryKey: ['publishing', 'sales', 'detail', input],
    queryFn: () => fetchSaleRecordDetail(input),
  });

export const useSaleRecordDetail = (input: SaleRecordDetailInput) =>
  useQuery(saleRecordDetailQueryOptions(input));
