import { queryOptions, useQuery } from '@tanstack/react-query';
import { getComplaintDetail } from '@shared/contract/complaints';
import { callApi } from '../../../api/api-client';

/** Complaint/GetComplaintDetail: one complaint with its whole log (parties and admins only). */
export const complaintDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['complaints', 'detail', id],
    queryFn: () => callApi(getComplaintDetail, { id }),
    retry: false,
  });

export const useComplaintDetail = (id: number) => useQuery(complaintDetailQueryOptions(id));
