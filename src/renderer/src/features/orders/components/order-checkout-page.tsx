import type { OrderKind } from '../lib/order-kind';
import { OrderDone } from './order-done';
import { OrderForm } from './order-form';
import { OrderPayment } from './order-payment';
import { OrderSteps } from './order-steps';
import './orders.css';

export type CheckoutStep =
  { step: 1; creationId: number; licenceId: number | null } | { step: 2 | 3; orderNo: string };

/** /purchaseOrder and /materialOrder: 提交订单 (1), 支付 (2), 完成 (3). */
export function OrderCheckoutPage({ kind, at }: { kind: OrderKind; at: CheckoutStep }) {
  return (
    <div className="order-page" data-testid="order-checkout">
      <OrderSteps step={at.step} />
      {at.step === 1 ? (
        <OrderForm kind={kind} creationId={at.creationId} licenceId={at.licenceId} />
      ) : at.step === 2 ? (
        <OrderPayment kind={kind} orderNo={at.orderNo} />
      ) : (
        <OrderDone kind={kind} orderNo={at.orderNo} />
      )}
    </div>
  );
}
