import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  decideComplaint,
  getAdminComplaintList,
  getComplaintReview,
} from '@shared/contract/complaints';
import type { ComplaintState } from '@shared/contract/complaints';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

/** Admin/GetComplaintList: the back office's queue, by state. */
export const adminComplaintsQueryOptions = (state: ComplaintState | undefined, pageIndex: number) =>
  queryOptions({
    queryKey: ['admin', 'complaints', 'list', state ?? 'all', pageIndex],
    queryFn: () =>
      callApi(getAdminComplaintList, { pageIndex, pageSize: 20, ...(state ? { state } : {}) }),
    placeholderData: keepPreviousData,
  });

export const useAdminComplaints = (state: ComplaintState | undefined, pageIndex: number) =>
  useQuery(adminComplaintsQueryOptions(state, pageIndex));

/** Admin/GetComplaintReview: the complaint, the work and its image-search matches. */
export const complaintReviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'complaints', 'review', id],
    queryFn: () => callApi(getComplaintReview, { id }),
    retry: false,
  });

export const useComplaintReview = (id: number) => useQuery(complaintReviewQueryOptions(id));

/** Admin/DecideComplaint; afterwards the queue and the review are read again. */
export function useDecideComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof decideComplaint>) => callApi(decideComplaint, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'complaints'] }),
  });
}
