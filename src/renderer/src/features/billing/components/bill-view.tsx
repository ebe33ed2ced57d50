import { App, Button, Card, DatePicker, Empty, Statistic, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BillRow } from '@shared/contract/billing';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { serverUrl } from '../../../lib/platform';
import { useBillList } from '../api/get-bill-list';
import { useReceiptLink } from '../api/get-receipt-link';
import { billLinks } from '../lib/bill-links';
import { BillNav } from './bill-nav';
import './billing.css';

const PAGE_SIZE = 20;
export const dateTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

function ReceiptButton({ billNo }: { billNo: string }) {
  const { message } = App.useApp();
  const link = useReceiptLink();
  return (
    <Button
      size="small"
      loading={link.isPending && link.variables === billNo}
      onClick={() =>
        void link
          .mutateAsync(billNo)
          .then(({ url }) => window.open(serverUrl(url), '_blank', 'noopener'))
          .catch((err: unknown) =>
            message.error(err instanceof Error ? err.message : '票据获取失败'),
          )
      }
    >
      下载票据
    </Button>
  );
}

/**
 * /user/billManagement (账单) and /user/billManagement/ticket (票据): every payment and refund,
 * filtered by date; the ticket page offers each one's receipt as a PDF.
 */
export function BillView({ receipts = false }: { receipts?: boolean }) {
  const [pageIndex, setPageIndex] = useState(1);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const list = useBillList({
    startDate: range?.[0]?.format('YYYY-MM-DD') ?? '',
    endDate: range?.[1]?.format('YYYY-MM-DD') ?? '',
    pageIndex,
    pageSize: PAGE_SIZE,
  });
  return (
    <div className="bill-page">
      <h2>账单管理</h2>
      <BillNav active={receipts ? billLinks.ticket : billLinks.bills} />
      {receipts ? (
        <p className="bill-muted">每笔支付和退款各有一张票据（PDF），可下载留存或报销使用。</p>
      ) : (
        <div className="bill-page__totals">
          <Card size="small">
            <Statistic title="支付合计" value={formatYuan(list.data?.paidFen ?? 0)} />
          </Card>
          <Card size="small">
            <Statistic title="退款合计" value={formatYuan(list.data?.refundedFen ?? 0)} />
          </Card>
        </div>
      )}
      <div className="bill-page__filters">
        <DatePicker.RangePicker
          aria-label="日期范围"
          value={range}
          onChange={(value) => {
            setRange(value);
            setPageIndex(1);
          }}
        />
      </div>
      {list.isError ? (
        <LoadError title="账单加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<BillRow>
          rowKey="billNo"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty description="暂无收支记录：支付或退款后会出现在这里" /> }}
          pagination={{
            current: pageIndex,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPageIndex,
            showSizeChanger: false,
          }}
          columns={[
            { title: '时间', key: 'at', render: (_, b) => dateTime(b.at) },
            {
              title: '类型',
              key: 'kind',
              render: (_, b) => (
                <Tag color={b.kind === 'refund' ? 'red' : 'blue'}>{b.kindTitle}</Tag>
              ),
            },
            {
              title: '作品',
              key: 'work',
              render: (_, b) => (
                <div>
                  <div>{b.workTitle}</div>
                  {b.note ? <div className="bill-muted">{b.note}</div> : null}
                </div>
              ),
            },
            { title: '支付方式', dataIndex: 'channelTitle' },
            {
              title: '金额',
              key: 'amount',
              render: (_, b) => (
                <span className={b.kind === 'refund' ? 'bill-amount--in' : undefined}>
                  {b.kind === 'refund' ? '+' : '-'}
                  {formatYuan(b.amountFen)}
                </span>
              ),
            },
            {
              title: '订单号',
              key: 'order',
              render: (_, b) => <Link to={billLinks.orderDetail(b.orderNo)}>{b.orderNo}</Link>,
            },
            ...(receipts
              ? [
                  { title: '票据编号', dataIndex: 'billNo' },
                  {
                    title: '票据',
                    key: 'receipt',
                    render: (_: unknown, b: BillRow) => <ReceiptButton billNo={b.billNo} />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </div>
  );
}
