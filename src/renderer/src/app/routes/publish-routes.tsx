import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { isSettledDesigner } from '@shared/rules/roles';
import { paths } from '../../config/paths';
import { useDesignerStatus } from '../../api/get-designer-status';
import { BatchUploadPage } from '../../features/publishing/components/batch-upload-page';
import { PublishPartPage } from '../../features/publishing/components/publish-part-page';
import { PublishUploadView } from '../../features/publishing/components/publish-upload-view';
import { PublishWorkPage } from '../../features/publishing/components/publish-work-page';
import { isPublishPart } from '../../features/publishing/lib/publish-parts';

/** §4/§6 Only settled designers publish; anyone else is sent to the settle-in page. */
function SettledOnly({ children }: { children: ReactNode }) {
  const status = useDesignerStatus();
  if (status.isPending) return <Spin size="large" className="route-spinner" />;
  if (!isSettledDesigner(status.data)) return <Navigate to={paths.applicationSpread} replace />;
  return <>{children}</>;
}

/** /publishWork. */
export function PublishWorkRoute() {
  return (
    <SettledOnly>
      <PublishWorkPage />
    </SettledOnly>
  );
}

/** /publishWork/index2: the batch upload. */
export function PublishBatchRoute() {
  return (
    <SettledOnly>
      <BatchUploadPage />
    </SettledOnly>
  );
}

/** /publishWork/upload. */
export function PublishUploadRoute() {
  return (
    <SettledOnly>
      <PublishUploadView />
    </SettledOnly>
  );
}

/** /publishWork/conponents/{part}: a known part is for settled designers; an unknown one is a 404 for anyone. */
export function PublishPartRoute() {
  const { part } = useParams();
  if (!isPublishPart(part)) return <PublishPartPage part={part} />;
  return (
    <SettledOnly>
      <PublishPartPage part={part} />
    </SettledOnly>
  );
}
