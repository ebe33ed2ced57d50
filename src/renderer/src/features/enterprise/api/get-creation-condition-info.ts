import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getCreationConditionInfo } from '@shared/contract/enterprise';
import { callApi } from '../../../api/api-client';

export type ConditionInput = CallRequest<typeof getCreationConditionInfo>;

export const fetchConditionWorks = (input: ConditionInput) =>
  callApi(getCreationConditionInfo, input);

export const conditionWorksQueryOptions = (input: ConditionInput) =>
  queryOptions({
    queryKey: ['enterprise', 'condition', input],
    queryFn: () => fetchConditionWorks(input),
    placeholderData: keepPreviousData,
  });

export const useConditionWorks = (input: ConditionInput) =>
  useQuery(conditionWorksQueryOptions(input));
