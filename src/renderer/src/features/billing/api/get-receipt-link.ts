import { useMutation } from '@tanstack/react-query';
import { getReceiptLink } from '@shared/contract/billing';
import { callApi } from '../../../api/api-client';

/** Finance/GetReceiptLink: a short-lived link to a payment's or refund's receipt (PDF). */
export const fetchReceiptLink = (billNo: string) => callApi(getReceiptLink, { billNo });

export const useReceiptLink = () => useMutation({ mutationFn: fetchReceiptLink });
