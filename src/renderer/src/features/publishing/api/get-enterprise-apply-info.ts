import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEnterpriseApplyInfo } from '@shared/contract/settle-in';
import { callApi } from '../../../api/api-client';

/** Shop/GetEnterpriseApplyInfo: the latest design-company application. */
export const fetchEnterpriseApplyInfo = () => callApi(getEnterpriseApplyInfo, {});

export const enterpriseApplyInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'apply-info', 'enterprise'],
    queryFn: fetchEnterpriseApplyInfo,
  });

export const useEnterpriseApplyInfo = () => useQuery(enterpriseApplyInfoQueryOptions());
