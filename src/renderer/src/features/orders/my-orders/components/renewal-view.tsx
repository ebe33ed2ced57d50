import { App, Button, Descriptions, Empty, Radio, Result, Spin, Table } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { RenewableLicence } from '@shared/contract/orders';
import { LICENCE_TERMS } from '@shared/rules/order-price';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../../components/load-state';
import { serverUrl } from '../../../../lib/platform';
import { newIdemKey } from '../../lib/idem-key';
import { useRenewableLicences } from '../api/get-renewal-empower-list';
import { useRenewLicence } from '../api/submit-renewal';
import { myOrderLinks } from '../lib/my-order-links';
import './my-orders.css';

const daysText = (days: number) => (days >= 0 ? `还剩 ${days} 天` : `已到期 ${-days} 天`);

/** What to do with one licence: renew it, pay the renewal already submitted, or why not. */
function RenewAction({ licence }: { licence: RenewableLicence }) {
  const navigate = useNavigate();
  if (licence.pendingRenewalNo) {
    return (
      <Link to={myOrderLinks.pay(licence.orderType, licence.pendingRenewalNo)}>支付续费订单</Link>
    );
  }
  if (!licence.renewable) return <span className="my-order-muted">{licence.reason}</span>;
  return (
    <Button
      type="primary"
      size="small"
      onClick={() => void navigate(myOrderLinks.renewalInfo(licence.orderNo))}
    >
      续费
    </Button>
  );
}

/** /user/myorder/renewal: licences that end within 60 days or ended within 30, to renew. */
export function RenewalListView() {
  const navigate = useNavigate();
  const list = useRenewableLicences();
  return (
    <div className="my-order-page">
      <header className="my-order-page__header">
        <h2>授权续费</h2>
        <Link to={myOrderLinks.list}>返回我的订单</Link>
      </header>
      <p className="my-order-muted">
        授权到期前 60 天至到期后 30 天内可续费，按作品当前价格计价，新授权期自原授权到期日起接续。
      </p>
      {list.isError ? (
        <LoadError
          title="续费信息加载失败"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <Table<RenewableLicence>
          rowKey="orderNo"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          pagination={false}
          locale={{
            emptyText: (
              <Empty description="暂无需要续费的授权">
                <Button onClick={() => void navigate(myOrderLinks.list)}>查看我的订单</Button>
              </Empty>
            ),
          }}
          columns={[
            {
              title: '作品',
              key: 'work',
              render: (_, l) => (
                <div className="my-order-work">
                  {l.thumbUrl ? <img src={serverUrl(l.thumbUrl)} alt={l.title} /> : null}
                  <div>
                    <div>{l.title}</div>
                    <div className="my-order-work__no">订单号 {l.orderNo}</div>
                  </div>
                </div>
              ),
            },
            { title: '授权类型', dataIndex: 'licenceTitle' },
            {
              title: '到期日',
              key: 'end',
              render: (_, l) => (
                <div>
                  <div>{l.licenceEnd}</div>
                  <div className="my-order-muted">{daysText(l.daysLeft)}</div>
                </div>
              ),
            },
            {
              title: '续费价格',
              key: 'price',
              render: (_, l) => `${formatYuan(l.yearPriceFen)} / 年`,
            },
            { title: '操作', key: 'action', render: (_, l) => <RenewAction licence={l} /> },
          ]}
        />
      )}
    </div>
  );
}

function RenewalForm({ licence }: { licence: RenewableLicence }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const renew = useRenewLicence();
  const [termYears, setTermYears] = useState<number>(LICENCE_TERMS[0]);
  // One key per form: a double click or a retry submits one renewal.
  const [idemKey, setIdemKey] = useState(newIdemKey);
  const submit = async () => {
    try {
      const order = await renew.mutateAsync({ orderNo: licence.orderNo, termYears, idemKey });
      void navigate(myOrderLinks.pay(order.orderType, order.orderNo));
    } catch (err) {
      message.error(err instanceof Error ? err.message : '续费失败，请稍后重试');
    }
  };
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'work', label: '作品', children: licence.title },
          { key: 'licence', label: '授权类型', children: licence.licenceTitle },
          {
            key: 'categories',
            label: '使用品类',
            children: licence.categories.map((c) => c.title).join('、') || '—',
          },
          {
            key: 'period',
            label: '当前授权期',
            children: `${licence.licenceStart} 至 ${licence.licenceEnd}（${daysText(licence.daysLeft)}）`,
          },
          { key: 'price', label: '续费单价', children: `${formatYuan(licence.yearPriceFen)} / 年` },
          {
            key: 'term',
            label: '续费年限',
            children: (
              <Radio.Group
                aria-label="续费年限"
                value={termYears}
                onChange={(e) => {
                  setTermYears(Number(e.target.value));
                  setIdemKey(newIdemKey());
                }}
                options={LICENCE_TERMS.map((t) => ({ value: t, label: `${t} 年` }))}
              />
            ),
          },
          {
            key: 'amount',
            label: '应付金额',
            children: (
              <strong data-testid="renewal-amount">
                {formatYuan(licence.yearPriceFen * termYears)}
              </strong>
            ),
          },
        ]}
      />
      <Button
        type="primary"
        className="my-order-actions"
        loading={renew.isPending}
        onClick={() => void submit()}
      >
        提交续费订单
      </Button>
    </>
  );
}

/** /user/myorder/renewal/info?orderNo=: choose the years and submit; then pay (step 2). */
export function RenewalInfoView({ orderNo }: { orderNo: string }) {
  const list = useRenewableLicences(orderNo);
  if (list.isError) {
    return (
      <LoadError title="续费信息加载失败" error={list.error} onRetry={() => void list.refetch()} />
    );
  }
  if (!list.data) return <Spin className="route-spinner" />;
  const licence = list.data.list[0];
  return (
    <div className="my-order-page">
      <header className="my-order-page__header">
        <h2>续费信息</h2>
        <Link to={myOrderLinks.renewal}>返回授权续费</Link>
      </header>
      {!licence ? (
        <Result
          status="info"
          title="该授权暂不可续费"
          subTitle="授权到期前 60 天至到期后 30 天内可续费"
        />
      ) : licence.renewable ? (
        <RenewalForm licence={licence} />
      ) : (
        <Result
          status="warning"
          title={licence.reason}
          extra={
            licence.pendingRenewalNo ? (
              <Link to={myOrderLinks.pay(licence.orderType, licence.pendingRenewalNo)}>
                支付续费订单
              </Link>
            ) : null
          }
        />
      )}
    </div>
  );
}
