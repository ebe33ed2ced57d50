import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { orderMemberReturnQrCode } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';

/** Finance/OrderMemberReturnQRCode: a recharge order and its payment QR (or bank transfer). */
export const createRechargeQr = (input: CallRequest<typeof orderMemberReturnQrCode>) =>
  callApi(orderMemberReturnQrCode, input);

export const useCreateRechargeQr = () => useMutation({ mutationFn: createRechargeQr });
