import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCreationDetail } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export const fetchCreationDetail = (id: number) => callApi(getCreationDetail, { id });

/** Every fetch counts a view, so the detail is not refetched while the page stays open. */
export const creationDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['works', 'detail', id],
    queryFn: () => fetchCreationDetail(id),
    staleTime: Infinity,
    retry: false,
  });

export const useCreationDetail = (id: number) => useQuery(creationDetailQueryOptions(id));
