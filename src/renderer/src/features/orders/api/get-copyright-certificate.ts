import { useMutation } from '@tanstack/react-query';
import { getCopyrightCertificate } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Copyright/GetCopyrightCertificate: the work's copyright certificate PDF, for its licensee. */
export const fetchCopyrightCertificate = (orderNo: string) =>
  callApi(getCopyrightCertificate, { orderNo });

export const useCopyrightCertificate = () => useMutation({ mutationFn: fetchCopyrightCertificate });
