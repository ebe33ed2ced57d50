import { useParams, useSearchParams } from 'react-router-dom';
import { ContactServiceButton } from '../../features/customer-service/components/contact-service-button';
import { NotFoundPage } from '../../components/not-found-page';
import { BillView } from '../../features/billing/components/bill-view';
import { InvoiceView } from '../../features/billing/components/invoice-view';
import { MyOrderView } from '../../features/orders/my-orders/components/my-order-view';
import { OrderDetailView } from '../../features/orders/my-orders/components/order-detail-view';
import {
  RenewalInfoView,
  RenewalListView,
} from '../../features/orders/my-orders/components/renewal-view';

// The buyer's orders and money in the user centre (issue 11): one chunk.

const ORDER_NO = /^[A-Z0-9]{8,32}$/;

/** An order number from `?orderNo=`, or null (the 404 page). */
function useOrderNo(): string | null {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  return ORDER_NO.test(orderNo) ? orderNo : null;
}

/** /user/myorder and /user/myorder/{activeIndex}. */
export function MyOrderRoute() {
  const { activeIndex } = useParams();
  const index = activeIndex && /^\d+$/.test(activeIndex) ? Number(activeIndex) : 0;
  return <MyOrderView activeIndex={index} />;
}

/** /user/myorder/detail?orderNo=. */
export function MyOrderDetailRoute() {
  const orderNo = useOrderNo();
  return orderNo ? (
    <OrderDetailView
      orderNo={orderNo}
      serviceAction={<ContactServiceButton context={{ orderNo }} size="small" />}
    />
  ) : (
    <NotFoundPage />
  );
}

/** /user/myorder/renewal. */
export function MyOrderRenewalRoute() {
  return <RenewalListView />;
}

/** /user/myorder/renewal/info?orderNo=. */
export function MyOrderRenewalInfoRoute() {
  const orderNo = useOrderNo();
  return orderNo ? <RenewalInfoView orderNo={orderNo} /> : <NotFoundPage />;
}

/** /user/billManagement. */
export function BillManagementRoute() {
  return <BillView />;
}

/** /user/billManagement/invoice. */
export function BillInvoiceRoute() {
  return <InvoiceView />;
}

/** /user/billManagement/ticket: receipts (票据). */
export function BillTicketRoute() {
  return <BillView receipts />;
}
