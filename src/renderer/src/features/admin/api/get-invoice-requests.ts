import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getInvoiceRequests } from '@shared/contract/billing';
import { callApi } from '../../../api/api-client';

export type InvoiceRequestsInput = CallRequest<typeof getInvoiceRequests>;

export const invoiceRequestsKey = ['admin', 'invoice-requests'] as const;

/** Admin/GetInvoiceRequests: buyers' invoice requests by state, oldest waiting first. */
export const fetchInvoiceRequests = (input: InvoiceRequestsInput) =>
  callApi(getInvoiceRequests, input);

export const invoiceRequestsQueryOptions = (input: InvoiceRequestsInput) =>
  queryOptions({
    queryKey: [...invoiceRequestsKey, input],
    queryFn: () => fetchInvoiceRequests(input),
    placeholderData: keepPreviousData,
  });

export const useInvoiceRequests = (input: InvoiceRequestsInput) =>
  useQuery(invoiceRequestsQueryOptions(input));
