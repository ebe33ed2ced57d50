import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowTarget } from '@shared/contract/collections';
import { getMyFollow } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const fetchMyFollow = (targetType: FollowTarget, pageIndex: number, pageSize: number) =>
  callApi(getMyFollow, { targetType, pageIndex, pageSize });

export const myFollowQueryOptions = (
  targetType: FollowTarget,
  pageIndex: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: ['collections', 'follows', targetType, pageIndex, pageSize],
    queryFn: () => fetchMyFollow(targetType, pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });

export const useMyFollow = (targetType: FollowTarget, pageIndex: number, pageSize: number) =>
  useQuery(myFollowQueryOptions(targetType, pageIndex, pageSize));
