import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getSaleRecordList } from '@shared/contract/sale-records';
import { callApi } from '../../../api/api-client';

export type SaleRecordListInput = CallRequest<typeof getSaleRecordList>;

/** SaleRecord/GetSaleRecordList: my sales with totals. */
export const fetchSaleRecordList = (input: SaleRecordListInput) =>
  callApi(getSaleRecordList, input);

export const saleRecordListQueryOptions = (input: SaleRecordListInput) =>
  queryOptions({
    queryKey: ['publishing', 'sales', 'list', input],
    queryFn: () => fetchSaleRecordList(input),
    placeholderData: keepPreviousData,
  });

export const useSaleRecordList = (input: SaleRecordListInput) =>
  useQuery(saleRecordListQueryOptions(input));
