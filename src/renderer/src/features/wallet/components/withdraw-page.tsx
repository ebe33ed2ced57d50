import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  InputNumber,
  Spin,
  Statistic,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import type {
  BankCardInfo,
  IncomeLine,
  Withdrawal,
  WithdrawalAccount,
  WithdrawalState,
} from '@shared/contract/wallet';
import { formatYuan, yuanToFen } from '@shared/rules/money';
import { checkWithdrawalAmount } from '@shared/rules/withdrawal';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useApplyWithdrawal } from '../api/apply-withdrawal';
import { useBankCard } from '../api/get-bank-card';
import { useIncomeStatement } from '../api/get-income-statement';
import { useWithdrawalAccount } from '../api/get-withdrawal-account';
import { useWithdrawalLog } from '../api/get-withdrawal-log';
import { dateTime, signedYuan } from '../lib/format';
import { newIdemKey } from '../lib/idem-key';
import { BankCardForm } from './bank-card-form';
import './wallet.css';

const PAGE_SIZE = 10;

const STATE_COLOURS: Record<WithdrawalState, string> = {
  applied: 'orange',
  approved: 'blue',
  paid: 'green',
  rejected: 'red',
};

/** The bound card, or the form to bind (or replace) it. */
function CardSection({ info }: { info: BankCardInfo }) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const card = info.card;
  const bound = () => {
    setEditing(false);
    message.success('银行卡已绑定');
  };
  if (!card || editing) {
    return (
      <Card title="提现银行卡" className="wallet-section">
        {card && !card.verified ? (
          <Alert
            className="wallet-section"
            type="warning"
            showIcon
            title="银行卡持卡人与实名认证的姓名不一致，请重新绑定"
          />
        ) : null}
        <BankCardForm
          info={info}
          onBound={bound}
          onCancel={card?.verified ? () => setEditing(false) : undefined}
        />
      </Card>
    );
  }
  return (
    <Card
      title="提现银行卡"
      className="wallet-section"
      extra={
        <Button type="link" onClick={() => setEditing(true)}>
          更换银行卡
        </Button>
      }
    >
      {!card.verified ? (
        <Alert
          className="wallet-section"
          type="warning"
          showIcon
          title="银行卡持卡人与实名认证的姓名不一致，请重新绑定"
        />
      ) : null}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'holder', label: '持卡人', children: card.holderName },
          { key: 'bank', label: '开户银行', children: card.bankName },
          { key: 'no', label: '银行卡号', children: card.cardNumberMasked },
        ]}
      />
    </Card>
  );
}

/** The amount in yuan, checked by the same rule as the server, with the minimum and the daily limit shown. */
function ApplyForm({ account, canApply }: { account: WithdrawalAccount; canApply: boolean }) {
  const { message } = App.useApp();
  const apply = useApplyWithdrawal();
  const [idemKey, setIdemKey] = useState(newIdemKey);
  const [yuan, setYuan] = useState<number | null>(null);
  const [refusal, setRefusal] = useState('');
  const fen = yuan === null ? null : yuanToFen(yuan);
  const submit = async () => {
    if (fen === null) return;
    const check = checkWithdrawalAmount(fen, account);
    if (!check.ok) {
      setRefusal(check.reason);
      return;
    }
    setRefusal('');
    try {
      await apply.mutateAsync({ amountFen: fen, idemKey });
      message.success('提现申请已提交，审核通过后打款到您的银行卡');
      setYuan(null);
      setIdemKey(newIdemKey());
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : '操作失败！');
    }
  };
  const left = Math.max(0, account.dailyLimitFen - account.withdrawnTodayFen);
  return (
    <Card title="申请提现" className="wallet-section">
      <p className="wallet-muted">
        单笔最低 {formatYuan(account.minFen)}，每日限额 {formatYuan(account.dailyLimitFen)}
        ，今日还可提现 {formatYuan(left)}。仅已结算的销售收入可提现。
      </p>
      <div className="wallet-page__actions">
        <InputNumber<number>
          aria-label="提现金额（元）"
          placeholder="提现金额"
          min={0}
          precision={2}
          suffix="元"
          disabled={!canApply}
          value={yuan}
          onChange={(v) => {
            setYuan(v);
            setRefusal('');
          }}
        />
        <Button
          disabled={!canApply}
          onClick={() => setYuan(Math.min(account.availableFen, left) / 100)}
        >
          全部提现
        </Button>
        <Button
          type="primary"
          disabled={!canApply || fen === null || fen <= 0}
          loading={apply.isPending}
          onClick={() => void submit()}
        >
          申请提现
        </Button>
      </div>
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
    </Card>
  );
}

function WithdrawalLog() {
  const [pageIndex, setPageIndex] = useState(1);
  const log = useWithdrawalLog({ pageIndex, pageSize: PAGE_SIZE });
  if (log.isError) {
    return (
      <LoadError title="提现记录加载失败" error={log.error} onRetry={() => void log.refetch()} />
    );
  }
  return (
    <Table<Withdrawal>
      rowKey="withdrawalNo"
      loading={log.isLoading}
      dataSource={log.data?.list ?? []}
      locale={{ emptyText: '暂无提现记录' }}
      pagination={{
        current: pageIndex,
        pageSize: PAGE_SIZE,
        total: log.data?.total ?? 0,
        onChange: setPageIndex,
        showSizeChanger: false,
      }}
      columns={[
        { title: '申请时间', key: 'at', render: (_, r) => dateTime(r.createdAt) },
        { title: '金额', key: 'amount', render: (_, r) => formatYuan(r.amountFen) },
        {
          title: '银行卡',
          key: 'card',
          render: (_, r) => `${r.bankName} ${r.cardNumberMasked}`,
        },
        {
          title: '状态',
          key: 'state',
          render: (_, r) => <Tag color={STATE_COLOURS[r.state]}>{r.stateTitle}</Tag>,
        },
        {
          title: '说明',
          key: 'note',
          render: (_, r) =>
            r.state === 'rejected' ? (
              `驳回原因：${r.rejectReason}`
            ) : r.handledAt ? (
              <span className="wallet-muted">{dateTime(r.handledAt)}</span>
            ) : null,
        },
      ]}
    />
  );
}

/** Every line of the withdrawable account: settlements in, withdrawals out, rejected ones back. */
function IncomeStatement() {
  const [pageIndex, setPageIndex] = useState(1);
  const statement = useIncomeStatement({ pageIndex, pageSize: PAGE_SIZE });
  if (statement.isError) {
    return (
      <LoadError
        title="可提现金额明细加载失败"
        error={statement.error}
        onRetry={() => void statement.refetch()}
      />
    );
  }
  return (
    <Table<IncomeLine>
      rowKey="id"
      loading={statement.isLoading}
      dataSource={statement.data?.list ?? []}
      locale={{ emptyText: '暂无结算收入' }}
      pagination={{
        current: pageIndex,
        pageSize: PAGE_SIZE,
        total: statement.data?.total ?? 0,
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
        { title: '订单号/提现单号', dataIndex: 'reference' },
      ]}
    />
  );
}

/** The settled designer's withdrawal page. */
function WithdrawView() {
  const account = useWithdrawalAccount();
  const card = useBankCard();
  if (account.isError || card.isError) {
    const error = account.error ?? card.error;
    return (
      <LoadError
        title="提现信息加载失败"
        error={error ?? new Error('加载失败')}
        onRetry={() => {
          void account.refetch();
          void card.refetch();
        }}
      />
    );
  }
  if (!account.data || !card.data) return <Spin />;
  const a = account.data;
  const canApply = card.data.card?.verified === true;
  return (
    <>
      <div className="wallet-page__stats">
        <Card size="small">
          <Statistic title="可提现金额" value={formatYuan(a.availableFen)} />
        </Card>
        <Card size="small">
          <Statistic title="待结算" value={formatYuan(a.pendingFen)} />
        </Card>
        <Card size="small">
          <Statistic title="提现中" value={formatYuan(a.withdrawingFen)} />
        </Card>
        <Card size="small">
          <Statistic title="已提现" value={formatYuan(a.paidFen)} />
        </Card>
      </div>
      <p className="wallet-muted">销售收入在结算期满后转为可提现金额；充值的余额不可提现。</p>
      <CardSection info={card.data} />
      <ApplyForm account={a} canApply={canApply} />
      <h3>提现记录</h3>
      <WithdrawalLog />
      <h3>可提现金额明细</h3>
      <IncomeStatement />
    </>
  );
}

type WithdrawPageProps = {
  /** §6 Only settled designers (settleStatus 1) withdraw; null while the status loads. */
  settled: boolean | null;
};

/** /user/mybalance/accWithdraw 提现: others are sent to settle in (/application/spread). */
export function WithdrawPage({ settled }: WithdrawPageProps) {
  if (settled === null) return <Spin />;
  if (!settled) return <Navigate to={paths.applicationSpread} replace />;
  return (
    <div className="wallet-page">
      <h2>提现</h2>
      <WithdrawView />
    </div>
  );
}
