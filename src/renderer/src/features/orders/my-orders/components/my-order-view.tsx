import { App, Button, Empty, Input, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MY_ORDER_TABS, type OrderState, type OrderSummary } from '@shared/contract/orders';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../../components/load-state';
import { serverUrl } from '../../../../lib/platform';
import { useCancelMyOrder } from '../api/cancel-my-order';
import { useMyOrders } from '../api/get-my-orders';
import { myOrderLinks } from '../lib/my-order-links';
import './my-orders.css';

const PAGE_SIZE = 10;

export const dateTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

const STATE_COLOURS: Record<OrderState, string> = {
  pending: 'orange',
  paid: 'blue',
  authorised: 'green',
  cancelled: 'default',
  refunded: 'red',
};

/** What a buyer can do with an order in its state. */
function OrderActions({ order }: { order: OrderSummary }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const cancel = useCancelMyOrder();
  const confirmCancel = () => {
    modal.confirm({
      title: '取消订单',
      content: `确定取消订单 ${order.orderNo}？取消后需重新下单。`,
      okText: '取消订单',
      cancelText: '再想想',
      onOk: async () => {
        try {
          await cancel.mutateAsync(order.orderNo);
          message.success('订单已取消');
        } catch (err) {
          message.error(err instanceof Error ? err.message : '取消失败');
        }
      },
    });
  };
  if (order.state === 'pending') {
    return (
      <Space size="small" wrap>
        <Button
          type="primary"
          size="small"
          onClick={() => void navigate(myOrderLinks.pay(order.orderType, order.orderNo))}
        >
          去支付
        </Button>
        <Button size="small" onClick={confirmCancel}>
          取消订单
        </Button>
      </Space>
    );
  }
  return (
    <Space size="small" wrap>
      {order.state === 'paid' || order.state === 'authorised' ? (
        <Link to={myOrderLinks.documents(order.orderType, order.orderNo)}>
          {myOrderLinks.documentsTitle(order.orderType)}
        </Link>
      ) : null}
      <Link to={myOrderLinks.detail(order.orderNo)}>订单详情</Link>
    </Space>
  );
}

/** /user/myorder and /user/myorder/{activeIndex}: my orders by state, searchable, paged. */
export function MyOrderView({ activeIndex }: { activeIndex: number }) {
  const navigate = useNavigate();
  const index = activeIndex in MY_ORDER_TABS ? activeIndex : 0;
  const tab = MY_ORDER_TABS[index] ?? MY_ORDER_TABS[0];
  const [pageIndex, setPageIndex] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useMyOrders({
    state: tab.state ?? '',
    keyword,
    pageIndex,
    pageSize: PAGE_SIZE,
  });
  const counts = list.data?.counts ?? {};
  const all = Object.values(counts).reduce((n, c) => n + c, 0);
  const countOf = (state: OrderState | null) => (state ? (counts[state] ?? 0) : all);

  return (
    <div className="my-order-page">
      <header className="my-order-page__header">
        <h2>我的订单</h2>
        <Link to={myOrderLinks.renewal}>授权续费</Link>
      </header>
      <Tabs
        activeKey={String(index)}
        onChange={(key) => {
          setPageIndex(1);
          void navigate(myOrderLinks.tab(Number(key)));
        }}
        items={MY_ORDER_TABS.map((t, i) => ({
          key: String(i),
          label: list.data ? `${t.title} ${countOf(t.state)}` : t.title,
        }))}
      />
      <div className="my-order-page__filters">
        <Input.Search
          allowClear
          placeholder="作品标题或订单号"
          aria-label="搜索订单"
          style={{ width: 280 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageIndex(1);
          }}
        />
      </div>
      {list.isError ? (
        <LoadError title="订单加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<OrderSummary>
          rowKey="orderNo"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          locale={{
            emptyText: (
              <Empty description={keyword ? '没有找到相符的订单' : '还没有订单'}>
                <Button type="primary" onClick={() => void navigate(myOrderLinks.browseWorks)}>
                  去逛逛作品
                </Button>
              </Empty>
            ),
          }}
          pagination={{
            current: pageIndex,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPageIndex,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: '作品',
              key: 'work',
              render: (_, o) => (
                <div className="my-order-work">
                  {o.thumbUrl ? <img src={serverUrl(o.thumbUrl)} alt={o.title} /> : null}
                  <div>
                    <Link to={myOrderLinks.workDetail(o.creationId)}>{o.title}</Link>
                    <div className="my-order-work__no">订单号 {o.orderNo}</div>
                  </div>
                </div>
              ),
            },
            { title: '授权类型', dataIndex: 'licenceTitle' },
            {
              title: '授权期限',
              key: 'term',
              render: (_, o) => (
                <div>
                  <div>{o.termYears} 年</div>
                  {o.licenceEnd ? (
                    <div className="my-order-muted">
                      {o.licenceStart} 至 {o.licenceEnd}
                    </div>
                  ) : null}
                </div>
              ),
            },
            { title: '金额', key: 'amount', render: (_, o) => formatYuan(o.amountFen) },
            {
              title: '状态',
              key: 'state',
              render: (_, o) => <Tag color={STATE_COLOURS[o.state]}>{o.stateTitle}</Tag>,
            },
            { title: '下单时间', key: 'createdAt', render: (_, o) => dateTime(o.createdAt) },
            { title: '操作', key: 'actions', render: (_, o) => <OrderActions order={o} /> },
          ]}
        />
      )}
    </div>
  );
}
