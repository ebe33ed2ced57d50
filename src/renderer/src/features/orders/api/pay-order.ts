import { useMutation } from '@tanstack/react-query';
import { payOrder as payOrderCall } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Order/Pay: pays from the account balance (refused with 余额不足). */
export const payWithBalance = (orderNo: string) => callApi(payOrderCall, { orderNo });

export const usePayWithBalance = () => useMutation({ mutationFn: payWithBalance });
