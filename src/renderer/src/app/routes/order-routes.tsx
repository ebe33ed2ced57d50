import { useParams, useSearchParams } from 'react-router-dom';
import { AGREEMENT_ALIASES } from '@shared/contract/agreements';
import { NotFoundPage } from '../../components/not-found-page';
import { AgreementPage } from '../../features/agreements/components/agreement-page';
import { useSaveOriginal } from '../../features/downloads/hooks/use-save-original';
import type { CheckoutStep } from '../../features/orders/components/order-checkout-page';
import { OrderCheckoutPage } from '../../features/orders/components/order-checkout-page';
import { OrderDocumentsPage } from '../../features/orders/components/order-documents-page';
import type { OrderKind } from '../../features/orders/lib/order-kind';
import { positiveId } from './route-params';

const ORDER_NO = /^[A-Z0-9]{8,32}$/;

/** Which step a checkout URL asks for: `/{kind}` or `/{kind}/1?creationId=&licenceId=`, `/{kind}/2|3?orderNo=`. */
function useCheckoutStep(): CheckoutStep | null {
  const { step = '1' } = useParams();
  const [params] = useSearchParams();
  if (step === '1') {
    const creationId = positiveId(params.get('creationId'));
    return creationId === null
      ? null
      : { step: 1, creationId, licenceId: positiveId(params.get('licenceId')) };
  }
  const orderNo = params.get('orderNo') ?? '';
  if ((step !== '2' && step !== '3') || !ORDER_NO.test(orderNo)) return null;
  return { step: step === '2' ? 2 : 3, orderNo };
}

function Checkout({ kind }: { kind: OrderKind }) {
  const at = useCheckoutStep();
  return at ? <OrderCheckoutPage kind={kind} at={at} /> : <NotFoundPage />;
}

function Documents({ kind }: { kind: OrderKind }) {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const original = useSaveOriginal();
  return ORDER_NO.test(orderNo) ? (
    <OrderDocumentsPage key={orderNo} kind={kind} orderNo={orderNo} saveOriginal={original.save} />
  ) : (
    <NotFoundPage />
  );
}

/** /purchaseOrder, /purchaseOrder/{step}: the 品类独家 licence checkout (授权订单). */
export function PurchaseOrderRoute() {
  return <Checkout kind="purchase" />;
}

/** /materialOrder, /materialOrder/{step}: the material licence checkout (素材订单). */
export function MaterialOrderRoute() {
  return <Checkout kind="material" />;
}

/** /purchaseOrder/contract?orderNo=: 授权合同. */
export function PurchaseOrderContractRoute() {
  return <Documents kind="purchase" />;
}

/** /materialOrder/proof?orderNo=: 授权凭证. */
export function MaterialOrderProofRoute() {
  return <Documents kind="material" />;
}

/** /materialOrder/agreement: 素材授权协议 (the agreement of both order kinds), as stored. */
export function LicenceAgreementRoute() {
  return (
    <div className="order-page">
      <AgreementPage alias={AGREEMENT_ALIASES.licenceAgreement} />
    </div>
  );
}
