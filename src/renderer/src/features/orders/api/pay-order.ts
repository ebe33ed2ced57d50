import { useMutation, useQuery } from '@tanstack/react-query';
import { MATERIAL_QUOTA_CODE, payOrder as payOrderCall } from '@shared/contract/orders';
import { getExpiryRemain } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';

/** Order/Pay: pays from the account balance (refused with 余额不足). */
export const payWithBalance = (orderNo: string) => callApi(payOrderCall, { orderNo });

export const usePayWithBalance = () => useMutation({ mutationFn: payWithBalance });

/** Order/Pay with payWith quota: a member takes a material licence from their 素材授权 quota. */
export const payWithQuota = (orderNo: string) =>
  callApi(payOrderCall, { orderNo, payWith: 'quota' });

export const usePayWithQuota = () => useMutation({ mutationFn: payWithQuota });

/** The member's 素材授权 quota (remaining units and until when); read only for material orders. */
export const useMaterialQuota = (enabled: boolean) =>
  useQuery({
    queryKey: ['membership', 'expiry-remain', MATERIAL_QUOTA_CODE],
    queryFn: () => callApi(getExpiryRemain, { authCode: MATERIAL_QUOTA_CODE }),
    enabled,
    staleTime: 10_000,
  });
