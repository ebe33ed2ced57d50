import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPayResult } from '@shared/contract/orders';
import type { PayResult } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** §9 How often the pay page asks whether the QR was paid. */
export const PAY_POLL_MS = 3000;

/** Finance/GetPayResult: whether a payment went through. */
export const fetchPayResult = (payOrderNo: string) => callApi(getPayResult, { payOrderNo });

/** Whether a result is final: nothing more to wait for. */
export const isSettled = (r: PayResult | undefined): boolean =>
  r !== undefined && (r.paid || r.orderState === 'refunded' || r.orderState === 'cancelled');

export const payResultQueryOptions = (payOrderNo: string) =>
  queryOptions({
    queryKey: ['orders', 'pay-result', payOrderNo],
    queryFn: () => fetchPayResult(payOrderNo),
    refetchInterval: (query) => (isSettled(query.state.data) ? false : PAY_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });

/** Polled every 3 s while enabled (a QR is shown); stops when paid or refunded, or on unmount. */
export const usePayResult = (payOrderNo: string, enabled: boolean) =>
  useQuery({ ...payResultQueryOptions(payOrderNo), enabled: enabled && payOrderNo !== '' });
