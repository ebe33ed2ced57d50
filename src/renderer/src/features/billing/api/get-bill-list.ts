import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getBillList } from '@shared/contract/billing';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

export type BillListInput = CallRequest<typeof getBillList>;

/** Finance/GetBillList: my payments and refunds, newest first. */
export const fetchBillList = (input: BillListInput) => callApi(getBillList, input);

export const billListQueryOptions = (input: BillListInput) =>
  queryOptions({
    queryKey: ['billing', 'bills', input],
    queryFn: () => fetchBillList(input),
    placeholderData: keepPreviousData,
  });

export const useBillList = (input: BillListInput) => useQuery(billListQueryOptions(input));
