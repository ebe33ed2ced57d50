import type { ReactNode } from 'react';
import { App, Button, Descriptions, Input, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { OrderDetail } from '@shared/contract/orders';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../../components/load-state';
import { serverUrl } from '../../../../lib/platform';
import { copyText } from '../../../../lib/clipboard';
import { useCancelMyOrder } from '../api/cancel-my-order';
import { useShareLink } from '../api/channel-share';
import { useOrderDetail } from '../api/get-order-detail';
import { useSaveOrderRemarks } from '../api/update-order-remarks';
import { myOrderLinks } from '../lib/my-order-links';
import { dateTime } from './my-order-view';
import './my-orders.css';

/** Order/UpdateOrderRemarks takes at most this many characters. */
export const MAX_REMARKS = 200;

function RemarksEditor({ order }: { order: OrderDetail }) {
  const { message } = App.useApp();
  const save = useSaveOrderRemarks();
  const [remarks, setRemarks] = useState(order.remarks);
  const changed = remarks.trim() !== order.remarks;
  return (
    <div className="my-order-detail__remarks">
      <Input.TextArea
        aria-label="订单备注"
        value={remarks}
        maxLength={MAX_REMARKS}
        showCount
        rows={3}
        placeholder="给自己的备注，例如用于哪个产品系列"
        onChange={(e) => setRemarks(e.target.value)}
      />
      <Button
        style={{ marginTop: 8 }}
        disabled={!changed}
        loading={save.isPending}
        onClick={() =>
          void save
            .mutateAsync({ orderNo: order.orderNo, remarks: remarks.trim() })
            .then(() => message.success('备注已保存'))
            .catch((err: unknown) =>
              message.error(err instanceof Error ? err.message : '备注保存失败'),
            )
        }
      >
        保存备注
      </Button>
    </div>
  );
}

function DetailActions({ order }: { order: OrderDetail }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const share = useShareLink();
  const cancel = useCancelMyOrder();
  const licensed = order.state === 'paid' || order.state === 'authorised';
  const shareLicence = async () => {
    try {
      const link = await share.mutateAsync(order.orderNo);
      await copyText(`${link.text}`);
      message.success('授权链接已复制，可粘贴分享给合作方核验');
    } catch (err) {
      message.error(err instanceof Error ? err.message : '复制失败，请稍后重试');
    }
  };
  return (
    <Space className="my-order-actions" wrap>
      {order.state === 'pending' ? (
        <>
          <Button
            type="primary"
            onClick={() => void navigate(myOrderLinks.pay(order.orderType, order.orderNo))}
          >
            去支付
          </Button>
          <Button
            onClick={() => {
              modal.confirm({
                title: '取消订单',
                content: `确定取消订单 ${order.orderNo}？`,
                okText: '取消订单',
                cancelText: '再想想',
                onOk: () =>
                  cancel
                    .mutateAsync(order.orderNo)
                    .then(() => message.success('订单已取消'))
                    .catch((err: unknown) =>
                      message.error(err instanceof Error ? err.message : '取消失败'),
                    ),
              });
            }}
          >
            取消订单
          </Button>
        </>
      ) : null}
      {licensed ? (
        <>
          <Button
            type="primary"
            onClick={() => void navigate(myOrderLinks.documents(order.orderType, order.orderNo))}
          >
            {myOrderLinks.documentsTitle(order.orderType)}
          </Button>
          <Button loading={share.isPending} onClick={() => void shareLicence()}>
            分享授权
          </Button>
        </>
      ) : null}
    </Space>
  );
}

/**
 * /user/myorder/detail?orderNo=: every field of one order, my remarks, sharing and documents;
 * serviceAction is the 联系客服 entry (customer-service feature) with this order as its context.
 */
export function OrderDetailView({
  orderNo,
  serviceAction,
}: {
  orderNo: string;
  serviceAction?: ReactNode;
}) {
  const detail = useOrderDetail(orderNo);
  if (detail.isError) {
    return (
      <LoadError title="订单加载失败" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  }
  if (!detail.data) return <Spin className="route-spinner" />;
  const o = detail.data;
  const items = [
    { key: 'no', label: '订单号', children: o.orderNo },
    { key: 'state', label: '订单状态', children: <Tag>{o.stateTitle}</Tag> },
    {
      key: 'work',
      label: '作品',
      children: <Link to={myOrderLinks.workDetail(o.creationId)}>{o.title}</Link>,
    },
    { key: 'designer', label: '设计师', children: o.designerName },
    { key: 'licence', label: '授权类型', children: o.licenceTitle },
    {
      key: 'categories',
      label: '使用品类',
      children: o.categories.map((c) => c.title).join('、') || '—',
    },
    { key: 'keywords', label: '授权用途', children: o.keywords.join('、') || '—' },
    { key: 'customKey', label: '自定义标识', children: o.customKey || '—' },
    { key: 'term', label: '授权年限', children: `${o.termYears} 年` },
    {
      key: 'period',
      label: '授权期限',
      children: o.licenceEnd ? `${o.licenceStart} 至 ${o.licenceEnd}` : '支付后生效',
    },
    { key: 'unit', label: '单价（每年）', children: formatYuan(o.unitPriceFen) },
    { key: 'amount', label: '订单金额', children: formatYuan(o.amountFen) },
    { key: 'created', label: '下单时间', children: dateTime(o.createdAt) },
    ...(o.state === 'pending'
      ? [{ key: 'expires', label: '支付截止', children: dateTime(o.expiresAt) }]
      : []),
    { key: 'paid', label: '支付时间', children: o.paidAt ? dateTime(o.paidAt) : '—' },
    { key: 'channel', label: '支付方式', children: o.payChannelTitle || '—' },
    {
      key: 'contract',
      label: '授权合同',
      children: o.contractSigned ? `已签署（${o.contractSigner}）` : '未签署',
    },
    { key: 'download', label: '原图下载', children: o.canDownload ? '可下载' : '不可下载' },
    ...(o.cancelReason ? [{ key: 'cancel', label: '取消原因', children: o.cancelReason }] : []),
    ...(o.refundReason ? [{ key: 'refund', label: '退款原因', children: o.refundReason }] : []),
  ];
  return (
    <div className="my-order-page">
      <header className="my-order-page__header">
        <h2>订单详情</h2>
        <span>
          {serviceAction} <Link to={myOrderLinks.list}>返回我的订单</Link>
        </span>
      </header>
      <div className="my-order-detail">
        {o.thumbUrl ? (
          <img className="my-order-detail__thumb" src={serverUrl(o.thumbUrl)} alt={o.title} />
        ) : null}
        <div>
          <Descriptions column={2} size="small" bordered items={items} />
          <DetailActions order={o} />
          <h3>订单备注</h3>
          <RemarksEditor key={o.remarks} order={o} />
        </div>
      </div>
    </div>
  );
}
