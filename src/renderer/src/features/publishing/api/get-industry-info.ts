import { queryOptions, useQuery } from '@tanstack/react-query';
import { getIndustryInfo } from '@shared/contract/settle-in';
import { callApi } from '../../../api/api-client';

/** Shop/GetIndustryInfo: the industries an applicant may choose. */
export const fetchIndustryInfo = () => callApi(getIndustryInfo, {});

export const industryInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'industries'],
    queryFn: fetchIndustryInfo,
    staleTime: Infinity,
  });

export const useIndustryInfo = () => useQuery(industryInfoQueryOptions());
