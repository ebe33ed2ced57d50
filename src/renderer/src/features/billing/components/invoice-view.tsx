import { Card, Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import type { InvoiceRequest, InvoiceState } from '@shared/contract/billing';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { useInvoiceList } from '../api/get-invoice-list';
import { billLinks } from '../lib/bill-links';
import { BillNav } from './bill-nav';
import { dateTime } from './bill-view';
import { InvoiceForm } from './invoice-form';
import './billing.css';

const PAGE_SIZE = 10;
const STATE_COLOURS: Record<InvoiceState, string> = {
  applied: 'orange',
  issued: 'green',
  rejected: 'red',
};

/** /user/billManagement/invoice: ask for an invoice on a paid order; my requests and their state. */
export function InvoiceView() {
  const [pageIndex, setPageIndex] = useState(1);
  const list = useInvoiceList({ pageIndex, pageSize: PAGE_SIZE });
  return (
    <div className="bill-page">
      <h2>账单管理</h2>
      <BillNav active={billLinks.invoice} />
      {list.isError ? (
        <LoadError
          title="发票信息加载失败"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <Card size="small" title="申请增值税普通发票">
            {list.data ? (
              <InvoiceForm
                key={list.data.invoiceable.map((o) => o.orderNo).join()}
                orders={list.data.invoiceable}
              />
            ) : null}
          </Card>
          <h3>我的发票申请</h3>
          <Table<InvoiceRequest>
            rowKey="id"
            loading={list.isLoading}
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: <Empty description="还没有发票申请" /> }}
            pagination={{
              current: pageIndex,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              onChange: setPageIndex,
              showSizeChanger: false,
            }}
            columns={[
              { title: '申请时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
              {
                title: '订单',
                key: 'order',
                render: (_, r) => (
                  <div>
                    <div>{r.workTitle}</div>
                    <div className="bill-muted">{r.orderNo}</div>
                  </div>
                ),
              },
              {
                title: '抬头',
                key: 'title',
                render: (_, r) => (
                  <div>
                    <div>{r.title}</div>
                    {r.taxNo ? <div className="bill-muted">{r.taxNo}</div> : null}
                  </div>
                ),
              },
              { title: '金额', key: 'amount', render: (_, r) => formatYuan(r.amountFen) },
              {
                title: '状态',
                key: 'state',
                render: (_, r) => <Tag color={STATE_COLOURS[r.state]}>{r.stateTitle}</Tag>,
              },
              {
                title: '说明',
                key: 'note',
                render: (_, r) =>
                  r.state === 'issued'
                    ? `发票号码 ${r.invoiceNo}，已发送至 ${r.email}`
                    : r.state === 'rejected'
                      ? `驳回原因：${r.rejectReason}`
                      : '财务将在 3 个工作日内开具',
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
