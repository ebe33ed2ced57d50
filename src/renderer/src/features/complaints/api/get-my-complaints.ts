import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getMyComplaints } from '@shared/contract/complaints';
import { callApi } from '../../../api/api-client';

export type ComplaintSide = 'filed' | 'against';

/** Complaint/GetMyComplaints: the complaints I filed, or those against my works. */
export const myComplaintsQueryOptions = (side: ComplaintSide, pageIndex: number) =>
  queryOptions({
    queryKey: ['complaints', 'mine', side, pageIndex],
    queryFn: () => callApi(getMyComplaints, { side, pageIndex, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });

export const useMyComplaints = (side: ComplaintSide, pageIndex: number) =>
  useQuery(myComplaintsQueryOptions(side, pageIndex));
