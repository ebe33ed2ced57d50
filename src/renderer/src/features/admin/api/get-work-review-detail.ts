import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getWorkReviewDetail } from '@shared/contract/admin';
import { callApi } from '../../../api/api-client';

export type WorkReviewDetailInput = CallRequest<typeof getWorkReviewDetail>;

/** Admin/GetWorkReviewDetail: a work with its near-duplicates. */
export const fetchWorkReviewDetail = (input: WorkReviewDetailInput) =>
  callApi(getWorkReviewDetail, input);

export const workReviewDetailQueryOptions = (input: WorkReviewDetailInput) =>
  queryOptions({
    queryKey: ['admin', 'work', input],
    queryFn: () => fetchWorkReviewDetail(input),
  });

export const useWorkReviewDetail = (input: WorkReviewDetailInput, enabled = true) =>
  useQuery({ ...workReviewDetailQueryOptions(input), enabled });
