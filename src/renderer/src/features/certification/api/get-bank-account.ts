import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBankAccount } from '@shared/contract/certification';
import { callApi } from '../../../api/api-client';

/** Certification/GetBankAccount: the bound company account (masked) and my verified companies. */
export const fetchBankAccount = () => callApi(getBankAccount, {});

export const bankAccountQueryOptions = () =>
  queryOptions({ queryKey: ['certification', 'bank-account'], queryFn: fetchBankAccount });

export const useBankAccount = () => useQuery(bankAccountQueryOptions());
