import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVerifyInfo } from '@shared/contract/identity';
import { callApi } from '../../../api/api-client';

/** Certification/GetVerifyInfo: my verifications and the first signer. */
export const fetchVerifyInfo = () => callApi(getVerifyInfo, {});

export const verifyInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'verify-info'],
    queryFn: fetchVerifyInfo,
  });

export const useVerifyInfo = () => useQuery(verifyInfoQueryOptions());
