import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserBankCard } from '@shared/contract/wallet';
import { callApi } from '../../../api/api-client';

export const bankCardKey = ['wallet', 'bank-card'] as const;

/** User/GetUserBankCard: my withdrawal card (masked) and my verified real name. */
export const fetchBankCard = () => callApi(getUserBankCard, {});

export const bankCardQueryOptions = () =>
  queryOptions({ queryKey: bankCardKey, queryFn: fetchBankCard });

export const useBankCard = () => useQuery(bankCardQueryOptions());
