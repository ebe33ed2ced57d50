import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getApplicationDetail } from '@shared/contract/admin';
import { callApi } from '../../../api/api-client';

export type ApplicationDetailInput = CallRequest<typeof getApplicationDetail>;

/** Admin/GetApplicationDetail: one application with samples and identity. */
export const fetchApplicationDetail = (input: ApplicationDetailInput) =>
  callApi(getApplicationDetail, input);

export const applicationDetailQueryOptions = (input: ApplicationDetailInput) =>
  queryOptions({
    queryKey: ['admin', 'application', input],
    queryFn: () => fetchApplicationDetail(input),
  });

export const useApplicationDetail = (input: ApplicationDetailInput, enabled = true) =>
  useQuery({ ...applicationDetailQueryOptions(input), enabled });
