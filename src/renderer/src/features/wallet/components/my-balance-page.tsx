import { Button, Card, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Static } from '@sinclair/typebox';
import type { BalanceLine } from '@shared/contract/membership';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useBalanceInfo } from '../api/get-balance-info';
import { dateTime, signedYuan } from '../lib/format';
import './wallet.css';

const PAGE_SIZE = 20;
type Line = Static<typeof BalanceLine>;

/**
 * /user/mybalance 我的余额: the balance (a ledger account) and every ledger line of it, newest
 * first; 充值 opens /recharge in a new tab (§2 finance menu), 提现 goes to the withdrawal page.
 */
export function MyBalancePage() {
  const navigate = useNavigate();
  const [pageIndex, setPageIndex] = useState(1);
  const info = useBalanceInfo({ pageIndex, pageSize: PAGE_SIZE });
  return (
    <div className="wallet-page">
      <h2>我的余额</h2>
      <div className="wallet-page__stats">
        <Card size="small">
          <Statistic title="账户余额" value={info.data ? formatYuan(info.data.balanceFen) : '—'} />
        </Card>
      </div>
      <div className="wallet-page__actions">
        <Button type="primary" href={paths.recharge} target="_blank" rel="noopener">
          充值
        </Button>
        <Button onClick={() => void navigate(paths.user.accWithdraw)}>提现</Button>
      </div>
      <p className="wallet-muted">
        余额可用于购买作品授权和开通会员；充值的余额不可提现，设计师的销售收入结算后在「提现」中提取。
      </p>
      <h3>余额明细</h3>
      {info.isError ? (
        <LoadError
          title="余额明细加载失败"
          error={info.error}
          onRetry={() => void info.refetch()}
        />
      ) : (
        <Table<Line>
          rowKey="id"
          loading={info.isLoading}
          dataSource={info.data?.list ?? []}
          locale={{ emptyText: '暂无余额变动' }}
          pagination={{
            current: pageIndex,
            pageSize: PAGE_SIZE,
            total: info.data?.total ?? 0,
            onChange: setPageIndex,
            showSizeChanger: false,
          }}
          columns={[
            { title: '时间', key: 'at', render: (_, r) => dateTime(r.createdAt) },
            { title: '类型', dataIndex: 'title' },
            {
              title: '金额',
              key: 'amount',
              render: (_, r) => (
                <span className={r.amountFen > 0 ? 'wallet-amount--in' : undefined}>
                  {signedYuan(r.amountFen)}
                </span>
              ),
            },
            { title: '订单号', dataIndex: 'orderNo' },
          ]}
        />
      )}
    </div>
  );
}
