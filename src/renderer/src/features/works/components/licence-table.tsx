import { Table } from 'antd';
import type { LicenceOption } from '@shared/contract/works';
import { formatYuan } from '@shared/rules/money';
import './works.css';

type LicenceTableProps = { licences: readonly LicenceOption[] };

/** The licence options of a work and their prices (no ordering here: the ordering issue adds it). */
export function LicenceTable({ licences }: LicenceTableProps) {
  return (
    <Table<LicenceOption>
      className="licence-table"
      size="middle"
      rowKey="kind"
      pagination={false}
      dataSource={[...licences]}
      locale={{ emptyText: '暂无授权方式' }}
      columns={[
        { title: '授权方式', dataIndex: 'title', width: 130 },
        { title: '授权范围', dataIndex: 'scope' },
        {
          title: '价格',
          dataIndex: 'priceFen',
          align: 'right',
          width: 120,
          render: (fen: number) => <span className="licence-price">{formatYuan(fen)}</span>,
        },
      ]}
    />
  );
}
