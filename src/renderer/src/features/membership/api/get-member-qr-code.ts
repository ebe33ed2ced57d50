import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMemberQrCode } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';
import type { WirePayMethod } from '../lib/pay-method';

export type MemberQrRequest = { typeId: number; payMethod: WirePayMethod; years: number };

/** designer.GetMemberQRCode: device 1, amount = the number of years; the server sets the price. */
export const fetchMemberQrCode = ({ typeId, payMethod, years }: MemberQrRequest) =>
  callApi(getMemberQrCode, { typeId, payMethod, device: 1, amount: years });

/**
 * One payment per choice of plan, method and years: a new choice asks for a new QR. Never asked
 * again behind the user's back (focus, reconnect), which would replace the code being scanned.
 */
export const memberQrCodeQueryOptions = (request: MemberQrRequest) =>
  queryOptions({
    queryKey: ['membership', 'qr', request.typeId, request.payMethod, request.years],
    queryFn: () => fetchMemberQrCode(request),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useMemberQrCode = (request: MemberQrRequest, enabled: boolean) =>
  useQuery({ ...memberQrCodeQueryOptions(request), enabled: enabled && request.typeId > 0 });
