import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getUserBalance, payMemberByBalance } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';

export const memberBalanceKey = ['membership', 'balance'] as const;

/** UserBalance/GetUserBalance: what 余额支付 can spend, read fresh whenever it is shown. */
export const memberBalanceQueryOptions = () =>
  queryOptions({
    queryKey: memberBalanceKey,
    queryFn: () => callApi(getUserBalance, {}),
    staleTime: 0,
    retry: false,
  });

export const useMemberBalance = (enabled: boolean) => {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useQuery({ ...memberBalanceQueryOptions(), enabled: enabled && signedIn });
};

export type BalancePayRequest = CallRequest<typeof payMemberByBalance>;

/** Pay/PayMemberByBalance: one requestKey per purchase, so a double click or retry pays once. */
export const payByBalanceCall = (input: BalancePayRequest) => callApi(payMemberByBalance, input);

export function usePayByBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payByBalanceCall,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberBalanceKey }),
        // The wallet pages' balance and statement, if they are cached.
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]);
    },
  });
}
