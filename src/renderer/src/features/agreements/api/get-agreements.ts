import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAgreement, getAgreementList } from '@shared/contract/agreements';
import { callApi } from '../../../api/api-client';

/** Agreement/GetAgreementList: every agreement's version in force. */
export const agreementListQueryOptions = () =>
  queryOptions({
    queryKey: ['agreements', 'list'],
    queryFn: () => callApi(getAgreementList, {}),
    staleTime: 60_000,
    retry: false,
  });

export const useAgreementList = () => useQuery(agreementListQueryOptions());

/** Agreement/GetAgreement: one agreement's version in force, as sanitised HTML. */
export const agreementQueryOptions = (alias: string) =>
  queryOptions({
    queryKey: ['agreements', 'one', alias],
    queryFn: () => callApi(getAgreement, { alias }),
    staleTime: 60_000,
    retry: false,
  });

export const useAgreement = (alias: string) => useQuery(agreementQueryOptions(alias));
