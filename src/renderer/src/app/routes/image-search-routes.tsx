import { ImageAiSearchPage } from '../../features/search/components/image-ai-search-page';
import { ImageSearchLanding } from '../../features/search/components/image-search-landing';
import { PicBatchPage } from '../../features/search/components/pic-batch-page';
import { PicSearchPage } from '../../features/search/components/pic-search-page';

/** /AiSearchImg: 智能搜图, drop one image (results) or several (batch). */
export function AiSearchImgRoute() {
  return <ImageSearchLanding />;
}

/** /search/picSearch: results of the session's search image. */
export function PicSearchRoute() {
  return <PicSearchPage />;
}

/** /search/picBatch: several images searched one by one, exportable as CSV. */
export function PicBatchRoute() {
  return <PicBatchPage />;
}

/** /ai-search: a sentence and/or an image. */
export function AiSearchRoute() {
  return <ImageAiSearchPage />;
}
