import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getUserBalanceInfo } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';

export type BalanceInfoInput = CallRequest<typeof getUserBalanceInfo>;

/** Finance/GetUserBalanceInfo: the balance and every ledger line of it, newest first. */
export const fetchBalanceInfo = (input: BalanceInfoInput) => callApi(getUserBalanceInfo, input);

export const balanceInfoQueryOptions = (input: BalanceInfoInput) =>
  queryOptions({
    queryKey: ['wallet', 'balance-info', input],
    queryFn: () => fetchBalanceInfo(input),
    placeholderData: keepPreviousData,
  });

export const useBalanceInfo = (input: BalanceInfoInput) => useQuery(balanceInfoQueryOptions(input));
