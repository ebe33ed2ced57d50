import { queryOptions, useQuery } from '@tanstack/react-query';
import { empowerCategory, empowerSourceMaterial } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';
import type { OrderKind } from '../lib/order-kind';

/**
 * Empower/EmpowerCategory (授权订单) or Empower/EmpowerSourceMaterial (素材订单): a work's licence
 * options, prices and categories of use with their exclusivity.
 */
export const fetchEmpowerInfo = (kind: OrderKind, creationId: number) =>
  callApi(kind === 'purchase' ? empowerCategory : empowerSourceMaterial, { creationId });

export const empowerInfoQueryOptions = (kind: OrderKind, creationId: number) =>
  queryOptions({
    queryKey: ['orders', 'empower', kind, creationId],
    queryFn: () => fetchEmpowerInfo(kind, creationId),
  });

export const useEmpowerInfo = (kind: OrderKind, creationId: number) =>
  useQuery(empowerInfoQueryOptions(kind, creationId));
