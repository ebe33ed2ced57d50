import { Spin } from 'antd';
import { Navigate, useParams } from 'react-router-dom';
import { isSettledDesigner } from '@shared/rules/roles';
import { paths } from '../../config/paths';
import { useDesignerStatus } from '../../api/get-designer-status';
import { useSessionUser } from '../../api/get-user-info';
import { ContributeView, MaterialView } from '../../features/publishing/components/material-view';
import {
  MyPatternView,
  PatternUploadView,
} from '../../features/publishing/components/my-pattern-view';
import { MyWorkView } from '../../features/publishing/components/my-work-view';

const indexOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : 0);

/** /user/mywork and /user/mywork/{activeIndex}. */
export function MyWorkRoute() {
  const { activeIndex } = useParams();
  return <MyWorkView activeIndex={indexOf(activeIndex)} />;
}

/** /user/mywork/material. */
export function MyWorkMaterialRoute() {
  return <MaterialView />;
}

/** /user/mywork/contribute (+/{activeIndex}). */
export function MyWorkContributeRoute() {
  return <ContributeView />;
}

/** /user/myPattern: publishing from a pattern needs a settled designer. */
export function MyPatternRoute() {
  const status = useDesignerStatus();
  return <MyPatternView settled={isSettledDesigner(status.data)} />;
}

/** /user/myPattern/upload and /uploadDialog. */
export function MyPatternUploadRoute() {
  return <PatternUploadView />;
}

/** /user/mygallery and /user/mystore: the designer's public page, or settling in first. */
export function MyGalleryRoute() {
  const status = useDesignerStatus();
  const userId = useSessionUser()?.userId;
  if (status.isPending || userId === undefined)
    return <Spin size="large" className="route-spinner" />;
  return (
    <Navigate
      to={isSettledDesigner(status.data) ? paths.designerGallery(userId) : paths.applicationSpread}
      replace
    />
  );
}
