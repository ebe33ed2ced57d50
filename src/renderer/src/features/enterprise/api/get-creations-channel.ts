import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getCreationsChannel } from '@shared/contract/enterprise';
import { callApi } from '../../../api/api-client';

export type ChannelWorksInput = CallRequest<typeof getCreationsChannel>;

export const fetchChannelWorks = (input: ChannelWorksInput) => callApi(getCreationsChannel, input);

export const channelWorksQueryOptions = (input: ChannelWorksInput) =>
  queryOptions({
    queryKey: ['enterprise', 'channel', input],
    queryFn: () => fetchChannelWorks(input),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useChannelWorks = (input: ChannelWorksInput, enabled = true) =>
  useQuery({ ...channelWorksQueryOptions(input), enabled });
