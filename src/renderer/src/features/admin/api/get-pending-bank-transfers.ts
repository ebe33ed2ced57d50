import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getPendingBankTransfers } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

export type PendingBankTransfersInput = CallRequest<typeof getPendingBankTransfers>;

export const pendingBankTransfersKey = ['admin', 'bank-transfers'] as const;

/** Admin/GetPendingBankTransfers: bank transfers still waiting for the money, oldest first. */
export const fetchPendingBankTransfers = (input: PendingBankTransfersInput) =>
  callApi(getPendingBankTransfers, input);

export const pendingBankTransfersQueryOptions = (input: PendingBankTransfersInput) =>
  queryOptions({
    queryKey: [...pendingBankTransfersKey, input],
    queryFn: () => fetchPendingBankTransfers(input),
    placeholderData: keepPreviousData,
  });

export const usePendingBankTransfers = (input: PendingBankTransfersInput) =>
  useQuery(pendingBankTransfersQueryOptions(input));
