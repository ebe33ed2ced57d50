import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDosingPackageList, getDosingQrCode } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';
import type { WirePayMethod } from '../lib/pay-method';

/** Package/GetDosingPackageList: the add-on quota packs on sale. */
export const dosingPackagesQueryOptions = () =>
  queryOptions({
    queryKey: ['membership', 'dosing-packages'],
    queryFn: () => callApi(getDosingPackageList, {}),
    staleTime: 60_000,
    retry: false,
  });

export const useDosingPackages = () => useQuery(dosingPackagesQueryOptions());

/** member.GetDosingQRCode: the payment of one pack by one method; a new choice, a new QR. */
export const dosingQrCodeQueryOptions = (dosingId: number, payMethod: WirePayMethod) =>
  queryOptions({
    queryKey: ['membership', 'dosing-qr', dosingId, payMethod],
    queryFn: () => callApi(getDosingQrCode, { dosingId, payMethod, device: 1 }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useDosingQrCode = (dosingId: number, payMethod: WirePayMethod, enabled: boolean) =>
  useQuery({ ...dosingQrCodeQueryOptions(dosingId, payMethod), enabled });
