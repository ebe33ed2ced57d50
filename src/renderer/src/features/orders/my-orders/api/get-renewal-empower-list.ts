import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRenewalEmpowerList } from '@shared/contract/orders';
import { callApi } from '../../../../api/api-client';

/** Order/GetRenewalEmpowerList: my licences that end soon (or one of them), priced to renew. */
export const fetchRenewableLicences = (orderNo = '') => callApi(getRenewalEmpowerList, { orderNo });

export const renewableLicencesQueryOptions = (orderNo = '') =>
  queryOptions({
    queryKey: ['orders', 'renewable', orderNo],
    queryFn: () => fetchRenewableLicences(orderNo),
  });

export const useRenewableLicences = (orderNo = '') =>
  useQuery(renewableLicencesQueryOptions(orderNo));
