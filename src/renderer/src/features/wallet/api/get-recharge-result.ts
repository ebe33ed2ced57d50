import { useQuery } from '@tanstack/react-query';
import { PAY_POLL_INTERVAL_MS } from '@shared/constants';
import { payPcOrderQuery } from '@shared/contract/membership';
import { ApiError, callApi } from '../../../api/api-client';

/** Code 0 (等待支付) is the answer until the payment arrives (spec §7): not paid yet, not a failure. */
const WAITING_CODE = 0;

/**
 * PayPCOrderQuery for a recharge's payment: true once paid, false while waiting; a refusal (the
 * order closed and the money went back) is an error carrying the server's reason.
 */
export async function fetchRechargePaid(payOrderNo: string): Promise<boolean> {
  try {
    await callApi(payPcOrderQuery, { payOrderNo });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === WAITING_CODE) return false;
    throw err;
  }
}

/** §9 Asked every 3000 ms until paid or refused; stops when the QR is gone (unmounted). */
export function useRechargePaid(payOrderNo: string | null) {
  return useQuery({
    queryKey: ['wallet', 'recharge-paid', payOrderNo],
    queryFn: () => fetchRechargePaid(payOrderNo ?? ''),
    enabled: payOrderNo !== null,
    refetchInterval: (query) =>
      query.state.data === true || query.state.status === 'error' ? false : PAY_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
}
