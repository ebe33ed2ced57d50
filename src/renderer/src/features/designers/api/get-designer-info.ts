import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDesignerInfo } from '@shared/contract/designers';
import { callApi } from '../../../api/api-client';

export const fetchDesignerInfo = (userId: number) => callApi(getDesignerInfo, { userId });

export const designerInfoQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['designers', 'info', userId],
    queryFn: () => fetchDesignerInfo(userId),
    staleTime: 60_000,
    retry: false,
  });

export const useDesignerInfo = (userId: number) => useQuery(designerInfoQueryOptions(userId));
