import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { subBankCertify } from '@shared/contract/wallet';
import { callApi } from '../../../api/api-client';
import { bankCardKey } from './get-bank-card';

/** User/SubBankCertify: binds (or replaces) my card; the holder must be my verified real name. */
export const bindBankCard = (input: CallRequest<typeof subBankCertify>) =>
  callApi(subBankCertify, input);

export function useBindBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindBankCard,
    onSuccess: (info) => queryClient.setQueryData(bankCardKey, info),
  });
}
