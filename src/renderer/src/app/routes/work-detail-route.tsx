// /work/detail in its own chunk: the detail's licence table, preview and report dialogs are not
// loaded by the work list (docs/fast-pages.md).
import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { LoadError, isNotFoundError } from '../../components/load-state';
import { NotFoundPage } from '../../components/not-found-page';
import { CollectWorkButton } from '../../features/collections/components/collect-work-button';
import { ReportWorkButton } from '../../features/complaints/components/report-work-button';
import { ContactServiceButton } from '../../features/customer-service/components/contact-service-button';
import { DesignerCard } from '../../features/designers/components/designer-card';
import { useSaveOriginal } from '../../features/downloads/hooks/use-save-original';
import { GenerateNewProductButton } from '../../features/new-products/components/generate-new-product-button';
import {
  creationDetailQueryOptions,
  useCreationDetail,
} from '../../features/works/api/get-creation-detail';
import { WorkDetailView } from '../../features/works/components/work-detail-view';
import { positiveId } from './route-params';

function WorkDetailPage({ id }: { id: number }) {
  const detail = useCreationDetail(id);
  const queryClient = useQueryClient();
  const original = useSaveOriginal();
  const { queryKey } = creationDetailQueryOptions(id);
  if (detail.isError && isNotFoundError(detail.error)) return <NotFoundPage />;
  if (detail.isError) {
    return (
      <div className="page-container">
        <LoadError
          title="作品加载失败"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      </div>
    );
  }
  if (detail.isPending) {
    return (
      <div className="page-container">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  }
  const work = detail.data;
  // The detail counts a view on every fetch, so collect/follow results are written into the cache.
  return (
    <WorkDetailView
      detail={work}
      saveOriginal={original.save}
      collectAction={
        <>
          <CollectWorkButton
            workId={work.id}
            isCollected={work.isCollected}
            groupId={work.collectGroupId}
            onChanged={(r) =>
              queryClient.setQueryData(queryKey, (old) =>
                old
                  ? {
                      ...old,
                      isCollected: r.isCollected,
                      collectGroupId: r.groupId,
                      favouriteCount: r.favouriteCount,
                    }
                  : old,
              )
            }
          />
          <ContactServiceButton context={{ workId: work.id, workTitle: work.title }} />
          <ReportWorkButton workId={work.id} workTitle={work.title} />
          <GenerateNewProductButton workId={work.id} />
        </>
      }
      designerCard={
        <DesignerCard
          designer={work.designer}
          onChanged={(c) =>
            queryClient.setQueryData(queryKey, (old) =>
              old ? { ...old, designer: { ...old.designer, ...c } } : old,
            )
          }
        />
      }
    />
  );
}

/** /work/detail?id=: guests see it under the forced login dialog the route gate opens. */
export function WorkDetailRoute() {
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  return id === null ? <NotFoundPage /> : <WorkDetailPage key={id} id={id} />;
}
