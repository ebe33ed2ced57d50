import { useMutation } from '@tanstack/react-query';
import { channelShare } from '@shared/contract/orders';
import { callApi } from '../../../../api/api-client';

/** Order/ChannelShare: a public link (and a sentence) that proves the licence. */
export const fetchShareLink = (orderNo: string) => callApi(channelShare, { orderNo });

export const useShareLink = () => useMutation({ mutationFn: fetchShareLink });
