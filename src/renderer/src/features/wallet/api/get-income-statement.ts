import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getIncomeStatement } from '@shared/contract/wallet';
import { callApi } from '../../../api/api-client';

export type IncomeStatementInput = CallRequest<typeof getIncomeStatement>;

export const incomeStatementKey = ['wallet', 'income-statement'] as const;

/** Finance/GetIncomeStatement: every ledger line of my withdrawable account, newest first. */
export const fetchIncomeStatement = (input: IncomeStatementInput) =>
  callApi(getIncomeStatement, input);

export const incomeStatementQueryOptions = (input: IncomeStatementInput) =>
  queryOptions({
    queryKey: [...incomeStatementKey, input],
    queryFn: () => fetchIncomeStatement(input),
    placeholderData: keepPreviousData,
  });

export const useIncomeStatement = (input: IncomeStatementInput) =>
  useQuery(incomeStatementQueryOptions(input));
