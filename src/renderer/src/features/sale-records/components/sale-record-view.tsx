import { DownloadOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Image,
  Input,
  Spin,
  Statistic,
  Table,
  Tabs,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SaleRecord } from '@shared/contract/sale-records';
import type { LicenceKind } from '@shared/contract/works';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { fetchSaleExport } from '../api/export-sale-records';
import { useSaleRecordDetail } from '../api/get-sale-record-detail';
import { useSaleRecordList } from '../api/get-sale-record-list';
import { useSaleRecordStats } from '../api/get-sale-record-stats';
import { downloadText, toCsv } from '../../../lib/csv';
import { SaleChart } from './sale-chart';
import './sale-records.css';

/** §2 /user/saleRecord/{activeIndex}: all, then one licence kind per tab. */
export const SALE_TABS: readonly { title: string; kind?: LicenceKind }[] = [
  { title: '全部' },
  { title: '品类独家', kind: 'category_exclusive' },
  { title: '素材', kind: 'material' },
  { title: '商用授权', kind: 'commercial' },
];

const PAGE_SIZE = 20;
const dateTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** The CSV of sale records: what sold, when, to which company, licence, amount and my share. */
export function saleRecordsCsv(rows: readonly SaleRecord[]): string {
  return toCsv(
    ['订单号', '成交时间', '作品', '买家（公司）', '授权类型', '金额（元）', '我的收入（元）'],
    rows.map((r) => [
      r.orderNo,
      dateTime(r.soldAt),
      r.workTitle,
      r.buyerCompany,
      r.licenceTitle,
      (r.amountFen / 100).toFixed(2),
      (r.shareFen / 100).toFixed(2),
    ]),
  );
}

/** /user/saleRecord: what sold, a chart by month, the list and a CSV export. */
export function SaleRecordView({ activeIndex }: { activeIndex: number }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tab = SALE_TABS[activeIndex] ?? SALE_TABS[0];
  const [pageIndex, setPageIndex] = useState(1);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [exporting, setExporting] = useState(false);
  const filters = {
    ...(tab?.kind ? { licenceKind: tab.kind } : {}),
    ...(range?.[0] ? { startDate: range[0].format('YYYY-MM-DD') } : {}),
    ...(range?.[1] ? { endDate: range[1].format('YYYY-MM-DD') } : {}),
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  };
  const list = useSaleRecordList({ pageIndex, pageSize: PAGE_SIZE, ...filters });
  const stats = useSaleRecordStats({ months: 12 });
  const totals = list.data?.totals;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rows, truncated } = await fetchSaleExport(filters);
      downloadText(`销售记录-${new Date().toISOString().slice(0, 10)}.csv`, saleRecordsCsv(rows));
      if (truncated) message.warning('记录较多，只导出了最近的 5000 条，请缩小日期范围分批导出');
    } catch (err) {
      message.error(err instanceof Error ? err.message : '导出失败');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="sale-page">
      <header className="sale-page__header">
        <h2>销售记录</h2>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
          导出 CSV
        </Button>
      </header>
      <div className="sale-page__totals">
        <Card size="small">
          <Statistic title="成交笔数" value={totals?.count ?? 0} />
        </Card>
        <Card size="small">
          <Statistic title="销售额" value={formatYuan(totals?.amountFen ?? 0)} />
        </Card>
        <Card size="small">
          <Statistic title="我的收入" value={formatYuan(totals?.shareFen ?? 0)} />
        </Card>
      </div>
      <Card size="small" title="近 12 个月" className="sale-page__chart">
        {stats.data ? <SaleChart months={stats.data.months} /> : <Spin />}
      </Card>
      <Tabs
        activeKey={String(activeIndex in SALE_TABS ? activeIndex : 0)}
        onChange={(key) => {
          setPageIndex(1);
          void navigate(paths.user.saleRecordTab(Number(key)));
        }}
        items={SALE_TABS.map((t, i) => ({ key: String(i), label: t.title }))}
      />
      <div className="sale-page__filters">
        <DatePicker.RangePicker
          aria-label="成交日期"
          value={range}
          onChange={(value) => {
            setRange(value);
            setPageIndex(1);
          }}
        />
        <Input.Search
          allowClear
          placeholder="作品标题或订单号"
          aria-label="搜索销售记录"
          style={{ width: 260 }}
          onSearch={(value) => {
            setKeyword(value);
            setPageIndex(1);
          }}
        />
      </div>
      {list.isError ? (
        <LoadError
          title="销售记录加载失败"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <Table<SaleRecord>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty description="还没有销售记录：作品售出后会出现在这里" /> }}
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
              render: (_, r) => (
                <span className="sale-work">
                  {r.thumbUrl ? (
                    <img className="sale-thumb" src={r.thumbUrl} alt={r.workTitle} />
                  ) : null}
                  {r.workTitle}
                </span>
              ),
            },
            { title: '成交时间', key: 'soldAt', render: (_, r) => dateTime(r.soldAt) },
            { title: '买家', dataIndex: 'buyerCompany' },
            { title: '授权类型', dataIndex: 'licenceTitle' },
            { title: '金额', key: 'amount', render: (_, r) => formatYuan(r.amountFen) },
            { title: '我的收入', key: 'share', render: (_, r) => formatYuan(r.shareFen) },
            {
              title: '操作',
              key: 'detail',
              render: (_, r) => <Link to={paths.user.saleRecordDetail(r.id)}>详情</Link>,
            },
          ]}
        />
      )}
    </div>
  );
}

/** /user/saleRecord/detail?id=: one sale. */
export function SaleRecordDetailView({ id }: { id: number }) {
  const detail = useSaleRecordDetail({ id });
  if (detail.isError) {
    return (
      <LoadError
        title="销售记录加载失败"
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (!detail.data) return <Spin className="route-spinner" />;
  const r = detail.data;
  return (
    <div className="sale-page">
      <header className="sale-page__header">
        <h2>销售详情</h2>
        <Link to={paths.user.saleRecord}>返回销售记录</Link>
      </header>
      <div className="sale-detail">
        {r.previewUrl ? <Image width={280} src={r.previewUrl} alt={r.workTitle} /> : null}
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'work',
              label: '作品',
              children: <Link to={paths.workDetail(r.workId)}>{r.workTitle}</Link>,
            },
            { key: 'order', label: '订单号', children: r.orderNo },
            { key: 'time', label: '成交时间', children: dateTime(r.soldAt) },
            { key: 'buyer', label: '买家', children: r.buyerCompany },
            { key: 'licence', label: '授权类型', children: r.licenceTitle },
            { key: 'amount', label: '金额', children: formatYuan(r.amountFen) },
            {
              key: 'share',
              label: `我的收入（${r.sharePercent}%）`,
              children: formatYuan(r.shareFen),
            },
          ]}
        />
      </div>
    </div>
  );
}
