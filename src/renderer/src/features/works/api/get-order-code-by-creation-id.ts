import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderCodeByCreationId } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Order/GetOrderCodeByCreationId: the caller's running licence or pending order on a work. */
export const fetchOrderCodeByCreationId = (creationId: number) =>
  callApi(getOrderCodeByCreationId, { creationId });

export const orderCodeByCreationIdQueryOptions = (creationId: number, signedIn: boolean) =>
  queryOptions({
    queryKey: ['works', 'order-code', creationId, signedIn],
    queryFn: () => fetchOrderCodeByCreationId(creationId),
    enabled: signedIn,
  });

export const useOrderCodeByCreationId = (creationId: number, signedIn: boolean) =>
  useQuery(orderCodeByCreationIdQueryOptions(creationId, signedIn));
