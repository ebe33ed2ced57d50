import { useMutation } from '@tanstack/react-query';
import { getUserImgAuth } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** User/GetUserImgAuth: a short-lived signed link to the licensed original. */
export const fetchUserImgAuth = (creationId: number) => callApi(getUserImgAuth, { creationId });

export const useUserImgAuth = () => useMutation({ mutationFn: fetchUserImgAuth });
