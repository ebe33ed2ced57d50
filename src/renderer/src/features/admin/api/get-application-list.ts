import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getApplicationList } from '@shared/contract/admin';
import { callApi } from '../../../api/api-client';

export type ApplicationListInput = CallRequest<typeof getApplicationList>;

/** Admin/GetApplicationList: settle-in applications by state. */
export const fetchApplicationList = (input: ApplicationListInput) =>
  callApi(getApplicationList, input);

export const applicationListQueryOptions = (input: ApplicationListInput) =>
  queryOptions({
    queryKey: ['admin', 'applications', input],
    queryFn: () => fetchApplicationList(input),
    placeholderData: keepPreviousData,
  });

export const useApplicationList = (input: ApplicationListInput) =>
  useQuery(applicationListQueryOptions(input));
