import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../../components/not-found-page';
import { useChannelInfo } from '../../features/designers/api/get-channel-info';
import { DesignerGalleryHeader } from '../../features/designers/components/designer-gallery-header';
import { DesignerListView } from '../../features/designers/components/designer-list-view';
import { DesignerWorks } from '../../features/works/components/designer-works';
import { idFromHtml } from './route-params';

/** /tawDesigner. */
export function DesignerListRoute() {
  return <DesignerListView />;
}

function Gallery({ userId }: { userId: number }) {
  const channels = useChannelInfo(userId);
  if (channels.isError) return <NotFoundPage />;
  return (
    <div className="page-container designer-gallery">
      <DesignerGalleryHeader userId={userId} />
      <DesignerWorks designerId={userId} channels={channels.data?.channels ?? []} />
    </div>
  );
}

/** /tawDesigner/{userId}.html: the designer's gallery or shop. */
export function DesignerGalleryRoute() {
  const { file } = useParams();
  const userId = idFromHtml(file);
  return userId === null ? <NotFoundPage /> : <Gallery key={userId} userId={userId} />;
}
