import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getWithdrawals } from '@shared/contract/wallet';
import { callApi } from '../../../api/api-client';

export type WithdrawalsInput = CallRequest<typeof getWithdrawals>;

export const withdrawalsKey = ['admin', 'withdrawals'] as const;

/** Admin/GetWithdrawals: designers' withdrawals by state, the waiting ones oldest first. */
export const fetchWithdrawals = (input: WithdrawalsInput) => callApi(getWithdrawals, input);

export const withdrawalsQueryOptions = (input: WithdrawalsInput) =>
  queryOptions({
    queryKey: [...withdrawalsKey, input],
    queryFn: () => fetchWithdrawals(input),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (input: WithdrawalsInput) => useQuery(withdrawalsQueryOptions(input));
