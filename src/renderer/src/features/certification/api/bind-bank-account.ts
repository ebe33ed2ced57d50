import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { bindBankAccount } from '@shared/contract/certification';
import { callApi } from '../../../api/api-client';
import { bankAccountQueryOptions } from './get-bank-account';

/** Certification/BindBankAccount: binds (or replaces) the company's bank account. */
export const bindAccount = (input: CallRequest<typeof bindBankAccount>) =>
  callApi(bindBankAccount, input);

export function useBindBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindAccount,
    onSuccess: (info) => {
      queryClient.setQueryData(bankAccountQueryOptions().queryKey, info);
    },
  });
}
