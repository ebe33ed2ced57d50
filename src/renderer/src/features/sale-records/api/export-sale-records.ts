import type { CallRequest } from '@shared/contract/define';
import { exportSaleRecords } from '@shared/contract/sale-records';
import { callApi } from '../../../api/api-client';

/** SaleRecord/ExportSaleRecords: every row of the current filters (at most 5000) for the CSV. */
export const fetchSaleExport = (input: CallRequest<typeof exportSaleRecords>) =>
  callApi(exportSaleRecords, input);
