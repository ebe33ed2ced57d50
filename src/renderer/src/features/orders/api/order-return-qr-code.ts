import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderReturnQrCode } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Finance/OrderReturnQRCode: the payment (QR, or bank details for a transfer) of one pay method. */
export const fetchPayQrCode = (orderNo: string, payMethod: number) =>
  callApi(orderReturnQrCode, { orderNo, payMethod });

/** Asked again whenever the method is chosen again; the server answers the same pending payment. */
export const payQrCodeQueryOptions = (orderNo: string, payMethod: number) =>
  queryOptions({
    queryKey: ['orders', 'pay-qr', orderNo, payMethod],
    queryFn: () => fetchPayQrCode(orderNo, payMethod),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const usePayQrCode = (orderNo: string, payMethod: number, enabled: boolean) =>
  useQuery({ ...payQrCodeQueryOptions(orderNo, payMethod), enabled });
