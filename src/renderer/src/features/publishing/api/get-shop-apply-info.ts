import { queryOptions, useQuery } from '@tanstack/react-query';
import { getShopApplyInfo } from '@shared/contract/settle-in';
import { callApi } from '../../../api/api-client';

/** Shop/GetShopApplyInfo: the settle-in state and the latest application. */
export const fetchShopApplyInfo = () => callApi(getShopApplyInfo, {});

export const shopApplyInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'apply-info'],
    queryFn: fetchShopApplyInfo,
  });

export const useShopApplyInfo = () => useQuery(shopApplyInfoQueryOptions());
