import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Result, Skeleton, Space, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { OrderDetail, PayOrder } from '@shared/contract/orders';
import { PAY_METHOD, PAY_METHOD_TITLES } from '@shared/contract/orders';
import { MSG } from '@shared/messages';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import {
  BankTransferView,
  PayQrBox,
  SandboxPayNote,
  qrErrorText,
} from '../../../components/pay-qr';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useCancelOrder } from '../api/cancel-order';
import { orderQueryOptions, useOrder } from '../api/get-order';
import { usePayResult } from '../api/get-pay-result';
import { usePayQrCode } from '../api/order-return-qr-code';
import { useMaterialQuota, usePayWithBalance, usePayWithQuota } from '../api/pay-order';
import { useRefreshPayQrCode } from '../api/refresh-payment-qr-code';
import { formatCountdown, useNow } from '../hooks/use-now';
import type { OrderKind } from '../lib/order-kind';
import { ORDER_KINDS } from '../lib/order-kind';
import './orders.css';

const QR_METHODS = [PAY_METHOD.wechat, PAY_METHOD.alipay, PAY_METHOD.bank] as const;

type OrderPaymentProps = { kind: OrderKind; orderNo: string };

/** Step 2 of the checkout (支付): the order, a QR per pay method, bank transfer, or the balance. */
export function OrderPayment({ kind, orderNo }: OrderPaymentProps) {
  const order = useOrder(orderNo);
  if (order.isError) {
    return (
      <LoadError title="订单加载失败" error={order.error} onRetry={() => void order.refetch()} />
    );
  }
  if (order.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const o = order.data;
  if (o.state === 'paid' || o.state === 'authorised') {
    return <Navigate to={ORDER_KINDS[kind].step(3, orderNo)} replace />;
  }
  if (o.state !== 'pending') {
    return (
      <Result
        status="warning"
        title={o.state === 'refunded' ? '订单已退款' : '订单已关闭'}
        subTitle={o.state === 'refunded' ? o.refundReason : o.cancelReason}
        extra={[
          <Link key="again" to={paths.workDetail(o.creationId)}>
            <Button type="primary">重新下单</Button>
          </Link>,
          <Link key="mine" to={paths.user.myorder}>
            <Button>我的订单</Button>
          </Link>,
        ]}
      />
    );
  }
  return <PendingPayment kind={kind} order={o} />;
}

function OrderSummaryPanel({ order, now }: { order: OrderDetail; now: number }) {
  return (
    <section className="order-panel" aria-label="订单信息">
      <div className="order-work">
        {order.thumbUrl ? <img src={serverUrl(order.thumbUrl)} alt={order.title} /> : null}
        <div>
          <p className="order-work__title">{order.title}</p>
          <div className="order-work__meta">订单号：{order.orderNo}</div>
        </div>
      </div>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'licence', label: '授权方式', children: order.licenceTitle },
          {
            key: 'categories',
            label: '使用品类',
            children: order.categories.map((c) => c.title).join('、') || '—',
          },
          { key: 'term', label: '授权年限', children: `${order.termYears} 年` },
          {
            key: 'amount',
            label: '应付金额',
            children: (
              <strong style={{ color: 'var(--wy-danger)' }} data-testid="pay-amount">
                {formatYuan(order.amountFen)}
              </strong>
            ),
          },
          {
            key: 'left',
            label: '支付剩余时间',
            children: (
              <span data-testid="order-countdown">
                {formatCountdown(Date.parse(order.expiresAt), now)}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}

function PendingPayment({ kind, order }: { kind: OrderKind; order: OrderDetail }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow();
  const [method, setMethod] = useState<number>(PAY_METHOD.wechat);
  const [refundMessage, setRefundMessage] = useState('');
  const qr = usePayQrCode(order.orderNo, method, true);
  const refresh = useRefreshPayQrCode(order.orderNo);
  const balance = usePayWithBalance();
  const byQuota = usePayWithQuota();
  const isMaterial = order.licenceKind === 'material';
  const quota = useMaterialQuota(isMaterial);
  const quotaLeft = quota.data && quota.data.endTime > now ? quota.data.remainValue : 0;
  const cancel = useCancelOrder();
  const pay: PayOrder | undefined = qr.data?.payMethod === method ? qr.data : undefined;
  const expired = pay !== undefined && Date.parse(pay.expiresAt) <= now;
  const showsQr = pay !== undefined && pay.qrCode !== '' && !qr.isError;
  const result = usePayResult(pay?.payOrderNo ?? '', showsQr && !expired);
  const done = ORDER_KINDS[kind].step(3, order.orderNo);

  // The order closes on the server when its time is up: read it again to show 订单已关闭.
  const orderExpired = Date.parse(order.expiresAt) <= now;
  useEffect(() => {
    if (orderExpired) void queryClient.invalidateQueries(orderQueryOptions(order.orderNo));
  }, [orderExpired, queryClient, order.orderNo]);

  const polled = result.data;
  const paidByQr = polled?.paid === true && polled.orderState !== 'refunded';
  useEffect(() => {
    if (paidByQr) void navigate(done);
  }, [paidByQr, navigate, done]);
  const refunded =
    refundMessage || (polled?.orderState === 'refunded' ? polled.message || '订单已退款' : '');

  const payByBalance = () =>
    balance.mutate(order.orderNo, {
      onSuccess: (r) => {
        if (r.orderState === 'refunded') setRefundMessage(r.message || '订单已退款');
        else if (r.paid) void navigate(done);
      },
      onError: (err) => void message.error(err.message || MSG.operationFailed),
    });

  const payByQuota = () =>
    byQuota.mutate(order.orderNo, {
      onSuccess: (r) => {
        if (r.paid) {
          void queryClient.invalidateQueries({ queryKey: ['membership'] });
          void navigate(done);
        }
      },
      onError: (err) => void message.error(err.message || MSG.operationFailed),
    });

  const confirmCancel = () =>
    void modal.confirm({
      title: '确定取消该订单吗？',
      content: '取消后二维码将失效，如需授权请重新下单。',
      okText: '取消订单',
      cancelText: '再想想',
      onOk: () =>
        cancel.mutateAsync(order.orderNo).then(
          () => void message.success('订单已取消'),
          (err: Error) => void message.error(err.message || MSG.operationFailed),
        ),
    });

  if (refunded) {
    return (
      <Result
        status="warning"
        title="订单已退款"
        subTitle={refunded}
        extra={[
          <Link key="again" to={paths.workDetail(order.creationId)}>
            <Button type="primary">返回作品</Button>
          </Link>,
          <Link key="mine" to={paths.user.myorder}>
            <Button>我的订单</Button>
          </Link>,
        ]}
      />
    );
  }

  return (
    <>
      <OrderSummaryPanel order={order} now={now} />
      <section className="order-panel" aria-label="支付方式">
        <Tabs
          activeKey={String(method)}
          onChange={(key) => setMethod(Number(key))}
          items={QR_METHODS.map((m) => ({ key: String(m), label: PAY_METHOD_TITLES[m] }))}
        />
        {qr.isError ? (
          <Alert
            type="warning"
            showIcon
            title={qrErrorText(qr.error)}
            action={<Button onClick={() => void qr.refetch()}>重试</Button>}
          />
        ) : !pay ? (
          <Spin />
        ) : pay.bank ? (
          <BankTransferView bank={pay.bank} amountFen={pay.amountFen} />
        ) : (
          <div className="order-pay">
            <PayQrBox
              value={pay.qrCode}
              overlay={
                expired ? (
                  <>
                    <span>二维码已过期</span>
                    <Button
                      size="small"
                      type="primary"
                      loading={refresh.isPending}
                      onClick={() =>
                        refresh.mutate(pay.payOrderNo, {
                          onError: (err) => void message.error(err.message || MSG.operationFailed),
                        })
                      }
                    >
                      刷新二维码
                    </Button>
                  </>
                ) : null
              }
            />
            <Space orientation="vertical">
              <div>
                请使用{PAY_METHOD_TITLES[method]}扫码支付{' '}
                <strong style={{ color: 'var(--wy-danger)' }}>{formatYuan(pay.amountFen)}</strong>
              </div>
              <div className="order-pay__note">支付完成后页面将自动跳转</div>
              <SandboxPayNote channel={pay.channel} qrCode={pay.qrCode} />
            </Space>
          </div>
        )}
      </section>
      <section className="order-panel">
        <Space wrap>
          {isMaterial && quotaLeft >= order.termYears ? (
            <Button type="primary" loading={byQuota.isPending} onClick={payByQuota}>
              使用会员额度（剩余 {quotaLeft} 次，本单 {order.termYears} 次）
            </Button>
          ) : null}
          <Button loading={balance.isPending} onClick={payByBalance}>
            余额支付
          </Button>
          <Button danger loading={cancel.isPending} onClick={confirmCancel}>
            取消订单
          </Button>
        </Space>
      </section>
    </>
  );
}
