import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAY_POLL_INTERVAL_MS } from '@shared/constants';
import { payPcOrderQuery } from '@shared/contract/membership';
import { ApiError, callApi } from '../../../api/api-client';

export type MemberPayState =
  { paid: false } | { paid: true; payOrderNo: string; vipEndTime: number };

/** Code 0 (等待支付) is the answer until the payment arrives (spec §7): not paid yet, not a failure. */
const WAITING_CODE = 0;

/** designer.PayPCOrderQuery: code 1 means paid. */
export async function fetchMemberPayState(payOrderNo: string): Promise<MemberPayState> {
  try {
    const paid = await callApi(payPcOrderQuery, { payOrderNo });
    return { paid: true, ...paid };
  } catch (error) {
    if (error instanceof ApiError && error.code === WAITING_CODE) return { paid: false };
    throw error;
  }
}

/** §4/§9 Asked every 3000 ms until paid; stops when the component using it goes (dialog closed). */
export const memberPayStateQueryOptions = (payOrderNo: string) =>
  queryOptions({
    queryKey: ['membership', 'pay-state', payOrderNo],
    queryFn: () => fetchMemberPayState(payOrderNo),
    // Paid, or refused (refunded: the server says why): nothing more to wait for.
    refetchInterval: (query) =>
      query.state.data?.paid || query.state.status === 'error' ? false : PAY_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });

export const useMemberPayState = (payOrderNo: string, enabled: boolean) =>
  useQuery({ ...memberPayStateQueryOptions(payOrderNo), enabled: enabled && payOrderNo !== '' });
