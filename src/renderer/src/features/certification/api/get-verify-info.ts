import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVerifyInfo } from '@shared/contract/identity';
import { callApi } from '../../../api/api-client';

/** Certification/GetVerifyInfo: my verified identities (numbers masked) and which one signs. */
export const fetchVerifyInfo = () => callApi(getVerifyInfo, {});

export const verifyInfoQueryOptions = () =>
  queryOptions({ queryKey: ['certification', 'verify-info'], queryFn: fetchVerifyInfo });

export const useVerifyInfo = () => useQuery(verifyInfoQueryOptions());
