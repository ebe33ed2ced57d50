import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getWorkReviewList } from '@shared/contract/admin';
import { callApi } from '../../../api/api-client';

export type WorkReviewListInput = CallRequest<typeof getWorkReviewList>;

/** Admin/GetWorkReviewList: works by state, oldest submission first in review. */
export const fetchWorkReviewList = (input: WorkReviewListInput) =>
  callApi(getWorkReviewList, input);

export const workReviewListQueryOptions = (input: WorkReviewListInput) =>
  queryOptions({
    queryKey: ['admin', 'works', input],
    queryFn: () => fetchWorkReviewList(input),
    placeholderData: keepPreviousData,
  });

export const useWorkReviewList = (input: WorkReviewListInput) =>
  useQuery(workReviewListQueryOptions(input));
