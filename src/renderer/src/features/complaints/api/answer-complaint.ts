import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerComplaint } from '@shared/contract/complaints';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

/** Complaint/AnswerComplaint: the complainant's supplement or the designer's counter-notice. */
export function useAnswerComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof answerComplaint>) => callApi(answerComplaint, input),
    onSuccess: async (detail) => {
      queryClient.setQueryData(['complaints', 'detail', detail.id], detail);
      await queryClient.invalidateQueries({ queryKey: ['complaints', 'mine'] });
    },
  });
}
