import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getDetailByEdit } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

export type DetailByEditInput = CallRequest<typeof getDetailByEdit>;

/** Creation/GetDetailByEdit: one of my works as the form edits it. */
export const fetchDetailByEdit = (input: DetailByEditInput) => callApi(getDetailByEdit, input);

export const detailByEditQueryOptions = (input: DetailByEditInput) =>
  queryOptions({
    queryKey: ['publishing', 'edit-detail', input],
    queryFn: () => fetchDetailByEdit(input),
    staleTime: Infinity,
  });

export const useDetailByEdit = (input: DetailByEditInput, enabled = true) =>
  useQuery({ ...detailByEditQueryOptions(input), enabled });
