import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRechargeOrderOptionList } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';

/** Finance/GetRechargeOrderOptionList: the amounts offered on /recharge. */
export const fetchRechargeOptions = () => callApi(getRechargeOrderOptionList, {});

export const rechargeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet', 'recharge-options'],
    queryFn: fetchRechargeOptions,
    staleTime: 10 * 60_000,
  });

export const useRechargeOptions = () => useQuery(rechargeOptionsQueryOptions());
