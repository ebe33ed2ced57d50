import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getWithdrawalLog } from '@shared/contract/wallet';
import { callApi } from '../../../api/api-client';

export type WithdrawalLogInput = CallRequest<typeof getWithdrawalLog>;

export const withdrawalLogKey = ['wallet', 'withdrawal-log'] as const;

/** Finance/GetWithdrawalLog: my withdrawals, newest first. */
export const fetchWithdrawalLog = (input: WithdrawalLogInput) => callApi(getWithdrawalLog, input);

export const withdrawalLogQueryOptions = (input: WithdrawalLogInput) =>
  queryOptions({
    queryKey: [...withdrawalLogKey, input],
    queryFn: () => fetchWithdrawalLog(input),
    placeholderData: keepPreviousData,
  });

export const useWithdrawalLog = (input: WithdrawalLogInput) =>
  useQuery(withdrawalLogQueryOptions(input));
