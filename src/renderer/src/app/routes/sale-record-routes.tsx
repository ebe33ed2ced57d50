import { useParams, useSearchParams } from 'react-router-dom';
import { NotFoundPage } from '../../components/not-found-page';
import {
  SaleRecordDetailView,
  SaleRecordView,
} from '../../features/sale-records/components/sale-record-view';
import { positiveId } from './route-params';

// Its own chunk: the sales chart brings ECharts, which no other page needs.

/** /user/saleRecord and /user/saleRecord/{activeIndex}. */
export function SaleRecordRoute() {
  const { activeIndex } = useParams();
  const index = activeIndex && /^\d+$/.test(activeIndex) ? Number(activeIndex) : 0;
  return <SaleRecordView activeIndex={index} />;
}

/** /user/saleRecord/detail?id=. */
export function SaleRecordDetailRoute() {
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  return id === null ? <NotFoundPage /> : <SaleRecordDetailView id={id} />;
}
