import { PageHeader } from '../../../components/page-header';
import { useImageSearchUpload } from '../hooks/use-image-search-upload';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';
import { ImageDropZone } from './image-drop-zone';
import './image-search.css';

/**
 * §2 /AiSearchImg (智能搜图): a big drop zone — click, drop, or Ctrl+V anywhere on the page. One
 * file opens its results (/search/picSearch); 2–50 open the batch search (/search/picBatch).
 */
export function ImageSearchLanding() {
  const { upload, busy } = useImageSearchUpload();
  return (
    <div className="page-container image-search-landing">
      <PageHeader title={TEXT.landingTitle} subtitle={TEXT.landingSubtitle} />
      <ImageDropZone
        mode="multi"
        busy={busy}
        pasteAnywhere
        onFiles={(files) => void upload(files, 'multi')}
      />
    </div>
  );
}
