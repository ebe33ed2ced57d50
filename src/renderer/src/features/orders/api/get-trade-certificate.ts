import { useMutation } from '@tanstack/react-query';
import { getTradeCertificate } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Order/GetTradeCertificate: the trade certificate PDF with its verification code. */
export const fetchTradeCertificate = (orderNo: string) => callApi(getTradeCertificate, { orderNo });

export const useTradeCertificate = () => useMutation({ mutationFn: fetchTradeCertificate });
