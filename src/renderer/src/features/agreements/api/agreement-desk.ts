import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAgreementSource, publishAgreement } from '@shared/contract/agreements';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

/** Admin/GetAgreementSource: the Markdown of the version in force, to draft the next one. */
export const agreementSourceQueryOptions = (alias: string) =>
  queryOptions({
    queryKey: ['admin', 'agreements', alias],
    queryFn: () => callApi(getAgreementSource, { alias }),
    retry: false,
  });

export const useAgreementSource = (alias: string) => useQuery(agreementSourceQueryOptions(alias));

/** Admin/PublishAgreement; afterwards the public texts, the desk and user info are read again. */
export function usePublishAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof publishAgreement>) => callApi(publishAgreement, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['agreements'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'agreements'] }),
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      ]);
    },
  });
}
