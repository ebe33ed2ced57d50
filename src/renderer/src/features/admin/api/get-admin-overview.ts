import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAdminOverview } from '@shared/contract/admin';
import { callApi } from '../../../api/api-client';

/** Admin/GetOverview: what waits for review. */
export const fetchAdminOverview = () => callApi(getAdminOverview, {});

export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: fetchAdminOverview,
  });

export const useAdminOverview = () => useQuery(adminOverviewQueryOptions());
