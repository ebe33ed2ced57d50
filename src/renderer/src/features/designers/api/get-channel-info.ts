import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChannelInfo } from '@shared/contract/designers';
import { callApi } from '../../../api/api-client';

export const fetchChannelInfo = (userId: number) => callApi(getChannelInfo, { userId });

export const channelInfoQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['designers', 'channels', userId],
    queryFn: () => fetchChannelInfo(userId),
    staleTime: 60_000,
    retry: false,
  });

export const useChannelInfo = (userId: number) => useQuery(channelInfoQueryOptions(userId));
