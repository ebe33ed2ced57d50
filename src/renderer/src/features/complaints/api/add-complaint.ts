import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addComplainRecord } from '@shared/contract/complaints';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

/** Sys/AddComplainRecord; afterwards my complaint lists are read again. */
export function useAddComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof addComplainRecord>) => callApi(addComplainRecord, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['complaints'] }),
  });
}
