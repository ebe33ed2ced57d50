import type { CallRequest } from '@shared/contract/define';
import { perfectCreationPic } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

export type PerfectInput = CallRequest<typeof perfectCreationPic>;

/**
 * Creation/PerfectCreationPic: creates a draft from an uploaded file (once per file, so a retry is
 * safe) or saves an edit of one. The form calls it directly, debounced, and updates its own cache.
 */
export const saveDraft = (input: PerfectInput) => callApi(perfectCreationPic, input);
