import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getInvoiceList } from '@shared/contract/billing';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

export type InvoiceListInput = CallRequest<typeof getInvoiceList>;

/** Finance/GetInvoiceList: my invoice requests and the paid orders I may still ask one for. */
export const fetchInvoiceList = (input: InvoiceListInput) => callApi(getInvoiceList, input);

export const invoiceListQueryOptions = (input: InvoiceListInput) =>
  queryOptions({
    queryKey: ['billing', 'invoices', input],
    queryFn: () => fetchInvoiceList(input),
    placeholderData: keepPreviousData,
  });

export const useInvoiceList = (input: InvoiceListInput) => useQuery(invoiceListQueryOptions(input));
