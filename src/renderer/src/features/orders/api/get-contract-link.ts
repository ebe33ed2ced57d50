import { useMutation } from '@tanstack/react-query';
import { getContractLink } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Contract/GetContractLink: the licence contract PDF (the version to sign until signed). */
export const fetchContractLink = (orderNo: string) => callApi(getContractLink, { orderNo });

export const useContractLink = () => useMutation({ mutationFn: fetchContractLink });
