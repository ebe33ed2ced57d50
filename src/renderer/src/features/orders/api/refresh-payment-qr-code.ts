import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshPaymentQrCode } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';
import { payQrCodeQueryOptions } from './order-return-qr-code';

/** Finance/RefreshPaymentQRCode: a new QR once the old one expired (while the order is open). */
export const refreshPayQrCode = (payOrderNo: string) =>
  callApi(refreshPaymentQrCode, { payOrderNo });

export function useRefreshPayQrCode(orderNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshPayQrCode,
    onSuccess: (pay) => {
      queryClient.setQueryData(payQrCodeQueryOptions(orderNo, pay.payMethod).queryKey, pay);
    },
  });
}
