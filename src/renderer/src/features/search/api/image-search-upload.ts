import type { SearchImageFile, SearchRegion } from '@shared/contract/image-search';
import { searchImage } from '@shared/contract/image-search';
import { callApi } from '../../../api/api-client';

/** Results per page of the image-search pages (the server allows up to 60). */
export const IMAGE_RESULTS_PAGE_SIZE = 30;

/** What narrows an image search: 忽略颜色, 框选区域 and a category. */
export type ImageSearchFilter = { ignoreColor: boolean; region?: SearchRegion; kid?: number };

/** The optional parts of a search call's body, only when set. */
export const filterBody = ({ ignoreColor, region, kid }: ImageSearchFilter) => ({
  ignoreColor,
  ...(region ? { region } : {}),
  ...(kid !== undefined ? { kid } : {}),
});

/**
 * Uploads one prepared image (§4): the server checks §5 again, stores the ≤1000×1000 copy as the
 * session's search image (§3) and answers with the first page of results.
 */
export const uploadSearchImage = (
  file: SearchImageFile,
  filter: ImageSearchFilter,
  pageSize = IMAGE_RESULTS_PAGE_SIZE,
) => callApi(searchImage, { files: [file], ...filterBody(filter), pageIndex: 1, pageSize });
