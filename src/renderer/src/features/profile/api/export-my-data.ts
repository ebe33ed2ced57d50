import { useMutation } from '@tanstack/react-query';
import { exportMyData } from '@shared/contract/profile';
import { callApi } from '../../../api/api-client';

/** Profile/ExportMyData: everything the platform holds about the user, as one JSON document. */
export function useExportMyData() {
  return useMutation({ mutationFn: () => callApi(exportMyData, {}) });
}
