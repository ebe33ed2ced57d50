import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMemberPackageConfig, getShowMemberPackageList } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';

/** saas.GetShowMemberPackageList (type 3, source 1): the packages on show, dearest first. */
export const memberPackagesQueryOptions = () =>
  queryOptions({
    queryKey: ['membership', 'packages'],
    queryFn: () => callApi(getShowMemberPackageList, { type: 3, source: 1 }),
    staleTime: 60_000,
    retry: false,
  });

export const useMemberPackages = () => useQuery(memberPackagesQueryOptions());

/** saas.GetMemberPackageConfig: the plans of each tier, keyed by the tier's yearly price. */
export const memberPackageConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['membership', 'package-config'],
    queryFn: () => callApi(getMemberPackageConfig, {}),
    staleTime: 60_000,
    retry: false,
  });

export const useMemberPackageConfig = () => useQuery(memberPackageConfigQueryOptions());
