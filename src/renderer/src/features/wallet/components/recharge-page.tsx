import { Alert, Button, Card, InputNumber, Radio, Result, Space, Spin, Statistic } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MemberPayOrder } from '@shared/contract/membership';
import { formatYuan, yuanToFen } from '@shared/rules/money';
import {
  BankTransferView,
  PayQrBox,
  SandboxPayNote,
  qrErrorText,
} from '../../../components/pay-qr';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useCreateRechargeQr } from '../api/create-recharge-qr';
import { useRechargeOptions } from '../api/get-recharge-options';
import { useRechargePaid } from '../api/get-recharge-result';
import { userBalanceKey, useUserBalance } from '../api/get-user-balance';
import './wallet.css';

/**
 * Finance/OrderMemberReturnQRCode pay methods: 1 WeChat, 2 Alipay, 3 bank transfer (the account and
 * the order number as reference are shown; finance staff confirm it at 银行转账确认, docs/wallet.md).
 */
const METHODS = [
  { value: 1, label: '微信支付' },
  { value: 2, label: '支付宝' },
  { value: 3, label: '对公转账' },
] as const;
type Method = (typeof METHODS)[number]['value'];

/** The contract's bounds of a recharge, in yuan. */
const MIN_YUAN = 1;
const MAX_YUAN = 100_000;

type PayingProps = {
  order: MemberPayOrder;
  onPaid: () => void;
  onBack: () => void;
  /** A new QR for the same amount and method, once this one expired. */
  onRefresh: () => void;
  refreshing: boolean;
};

const MAX_TIMER_MS = 2_147_483_647;

/** Whether the QR's time ran out; turns true by itself at `expiresAt`. */
function useExpired(expiresAt: string): boolean {
  const at = Date.parse(expiresAt);
  const [expired, setExpired] = useState(() => at <= Date.now());
  useEffect(() => {
    const delay = at - Date.now();
    // setTimeout takes at most 2^31−1 ms (~24 days); a QR lives minutes.
    if (expired || delay > MAX_TIMER_MS) return undefined;
    const timer = setTimeout(() => setExpired(true), Math.max(0, delay));
    return () => clearTimeout(timer);
  }, [at, expired]);
  return expired;
}

/** The QR (119 px) polled every 3000 ms until paid or expired, or the bank transfer's details. */
function Paying({ order, onPaid, onBack, onRefresh, refreshing }: PayingProps) {
  const bank = order.bank;
  const expired = useExpired(order.expiresAt);
  const paid = useRechargePaid(bank || expired ? null : order.payOrderNo);
  useEffect(() => {
    if (paid.data === true) onPaid();
  }, [paid.data, onPaid]);
  if (bank) {
    return (
      <Card title="对公转账">
        <BankTransferView bank={bank} amountFen={order.amountFen} />
        <Button onClick={onBack}>返回</Button>
      </Card>
    );
  }
  return (
    <Card title={`充值 ${formatYuan(order.amountFen)}`}>
      <div className="recharge-page__pay">
        <PayQrBox
          value={order.qrCode}
          overlay={
            expired ? (
              <Space orientation="vertical" size={4}>
                <span>二维码已过期</span>
                <Button size="small" type="primary" loading={refreshing} onClick={onRefresh}>
                  刷新二维码
                </Button>
              </Space>
            ) : undefined
          }
        />
        <div>
          <p>请使用微信/支付宝扫码支付</p>
          <p className="wallet-muted">订单号 {order.orderNo}</p>
          <SandboxPayNote channel={order.channel} qrCode={order.qrCode} />
          {paid.isError ? (
            <Alert type="error" showIcon title={qrErrorText(paid.error)} />
          ) : (
            <p className="wallet-muted">支付完成后页面自动更新</p>
          )}
          <Button onClick={onBack}>更换金额或支付方式</Button>
        </div>
      </div>
    </Card>
  );
}

/** /recharge 充值: an offered amount (or another), a pay method, then the QR until paid. */
export function RechargePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const options = useRechargeOptions();
  const balance = useUserBalance();
  const create = useCreateRechargeQr();
  const [amountFen, setAmountFen] = useState<number | null>(null);
  const [method, setMethod] = useState<Method>(1);
  const [order, setOrder] = useState<MemberPayOrder | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [error, setError] = useState('');

  const chosen = amountFen ?? options.data?.[0]?.amountFen ?? null;

  const pay = async (amount: number | null, payMethod: Method) => {
    if (amount === null) return;
    setError('');
    try {
      setOrder(await create.mutateAsync({ amountFen: amount, payMethod }));
    } catch (err) {
      setOrder(null);
      setError(err instanceof Error ? qrErrorText(err) : '操作失败！');
    }
  };

  if (done !== null) {
    return (
      <div className="recharge-page">
        <Result
          status="success"
          title="充值成功"
          subTitle={`已充值 ${formatYuan(done)}，可用于购买作品授权和开通会员`}
          extra={[
            <Button
              key="balance"
              type="primary"
              onClick={() => void navigate(paths.user.mybalance)}
            >
              查看余额
            </Button>,
            <Button
              key="again"
              onClick={() => {
                setDone(null);
                setOrder(null);
              }}
            >
              继续充值
            </Button>,
          ]}
        />
      </div>
    );
  }

  return (
    <div className="recharge-page">
      <h2>充值</h2>
      <Card size="small" className="wallet-section">
        <Statistic
          title="账户余额"
          value={balance.data ? formatYuan(balance.data.balanceFen) : '—'}
        />
      </Card>
      {order ? (
        <Paying
          key={order.payOrderNo}
          order={order}
          onBack={() => setOrder(null)}
          refreshing={create.isPending}
          onRefresh={() => void pay(order.amountFen, method)}
          onPaid={() => {
            setDone(order.amountFen);
            void queryClient.invalidateQueries({ queryKey: userBalanceKey });
          }}
        />
      ) : options.isError ? (
        <LoadError
          title="充值金额加载失败"
          error={options.error}
          onRetry={() => void options.refetch()}
        />
      ) : !options.data ? (
        <Spin />
      ) : (
        <Card title="充值金额">
          <div className="recharge-page__amounts" role="radiogroup" aria-label="充值金额">
            {options.data.map((o) => (
              <Button
                key={o.amountFen}
                role="radio"
                aria-checked={chosen === o.amountFen}
                type={chosen === o.amountFen ? 'primary' : 'default'}
                onClick={() => setAmountFen(o.amountFen)}
              >
                {formatYuan(o.amountFen)}
              </Button>
            ))}
            <InputNumber<number>
              aria-label="其他金额（元）"
              placeholder="其他金额"
              min={MIN_YUAN}
              max={MAX_YUAN}
              precision={2}
              suffix="元"
              value={
                chosen !== null && !options.data.some((o) => o.amountFen === chosen)
                  ? chosen / 100
                  : null
              }
              onChange={(yuan) => setAmountFen(yuan ? yuanToFen(yuan) : null)}
            />
          </div>
          <Space orientation="vertical" size="middle">
            <Radio.Group
              aria-label="支付方式"
              value={method}
              onChange={(e) => setMethod(e.target.value as Method)}
              options={METHODS.map((m) => ({ value: m.value, label: m.label }))}
            />
            <p className="wallet-muted">充值的余额可用于购买作品授权和开通会员，不可提现。</p>
            {error ? <Alert type="error" showIcon title={error} /> : null}
            <Button
              type="primary"
              disabled={chosen === null}
              loading={create.isPending}
              onClick={() => void pay(chosen, method)}
            >
              立即充值{chosen !== null ? ` ${formatYuan(chosen)}` : ''}
            </Button>
          </Space>
        </Card>
      )}
    </div>
  );
}
