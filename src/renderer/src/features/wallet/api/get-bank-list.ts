import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBankInfo } from '@shared/contract/wallet';
import { callApi } from '../../../api/api-client';

/** User/GetBankInfo: the banks a card may be opened at. */
export const fetchBankList = () => callApi(getBankInfo, {});

export const bankListQueryOptions = () =>
  queryOptions({ queryKey: ['wallet', 'banks'], queryFn: fetchBankList, staleTime: 60 * 60_000 });

export const useBankList = () => useQuery(bankListQueryOptions());
