import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackTarget } from '@shared/contract/collections';
import { getMyTrack } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const fetchMyTrack = (targetType: TrackTarget, pageIndex: number, pageSize: number) =>
  callApi(getMyTrack, { targetType, pageIndex, pageSize });

export const myTrackQueryOptions = (targetType: TrackTarget, pageIndex: number, pageSize: number) =>
  queryOptions({
    queryKey: ['collections', 'track', targetType, pageIndex, pageSize],
    queryFn: () => fetchMyTrack(targetType, pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });

export const useMyTrack = (targetType: TrackTarget, pageIndex: number, pageSize: number) =>
  useQuery(myTrackQueryOptions(targetType, pageIndex, pageSize));
