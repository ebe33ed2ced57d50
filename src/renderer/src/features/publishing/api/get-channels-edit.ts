import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChannelsEdit } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/GetChannelsEdit: categories, styles, listing kinds, my series and classifications. */
export const fetchChannelsEdit = () => callApi(getChannelsEdit, {});

export const channelsEditQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'form-options'],
    queryFn: fetchChannelsEdit,
    staleTime: 30_000,
  });

export const useChannelsEdit = () => useQuery(channelsEditQueryOptions());
