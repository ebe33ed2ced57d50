import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserBalance } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';

export const userBalanceKey = ['wallet', 'user-balance'] as const;

/** UserBalance/GetUserBalance: my balance in fen. */
export const fetchUserBalance = () => callApi(getUserBalance, {});

export const userBalanceQueryOptions = () =>
  queryOptions({ queryKey: userBalanceKey, queryFn: fetchUserBalance });

export const useUserBalance = () => useQuery(userBalanceQueryOptions());
