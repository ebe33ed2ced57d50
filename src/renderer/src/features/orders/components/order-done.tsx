import { Button, Result, Skeleton } from 'antd';
import { Link, Navigate } from 'react-router-dom';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useOrder } from '../api/get-order';
import type { OrderKind } from '../lib/order-kind';
import { ORDER_KINDS } from '../lib/order-kind';
import './orders.css';

/** Step 3 of the checkout (完成): 支付成功, with the licence documents and 我的订单. */
export function OrderDone({ kind, orderNo }: { kind: OrderKind; orderNo: string }) {
  const order = useOrder(orderNo);
  if (order.isError) {
    return (
      <LoadError title="订单加载失败" error={order.error} onRetry={() => void order.refetch()} />
    );
  }
  if (order.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const o = order.data;
  if (o.state === 'pending') return <Navigate to={ORDER_KINDS[kind].step(2, orderNo)} replace />;
  const paid = o.state === 'paid' || o.state === 'authorised';
  const documents = ORDER_KINDS[kind];
  return (
    <section className="order-panel">
      <Result
        status={paid ? 'success' : 'warning'}
        title={paid ? '支付成功' : o.stateTitle}
        subTitle={
          paid
            ? `${o.title} · ${o.licenceTitle} · ${formatYuan(o.amountFen)}，授权期 ${o.licenceStart} 至 ${o.licenceEnd}`
            : o.refundReason || o.cancelReason
        }
        extra={[
          paid ? (
            <Link key="docs" to={documents.documents(orderNo)}>
              <Button type="primary">查看{documents.documentsTitle}</Button>
            </Link>
          ) : null,
          <Link key="mine" to={paths.user.myorder}>
            <Button>我的订单</Button>
          </Link>,
        ]}
      />
    </section>
  );
}
