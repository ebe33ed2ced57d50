import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWithdrawalAccount } from '@shared/contract/wallet';
import { callApi } from '../../../api/api-client';

export const withdrawalAccountKey = ['wallet', 'withdrawal-account'] as const;

/** Finance/GetWithdrawalAccount: available (settled) money, pending, withdrawing, and the limits. */
export const fetchWithdrawalAccount = () => callApi(getWithdrawalAccount, {});

export const withdrawalAccountQueryOptions = () =>
  queryOptions({ queryKey: withdrawalAccountKey, queryFn: fetchWithdrawalAccount });

export const useWithdrawalAccount = () => useQuery(withdrawalAccountQueryOptions());
