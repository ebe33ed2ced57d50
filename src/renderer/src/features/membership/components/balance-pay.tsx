import { Alert, Button, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { MSG } from '@shared/messages';
import { formatYuan } from '@shared/rules/money';
import { qrErrorText } from '../../../components/pay-qr';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import type { BalancePayRequest } from '../api/pay-by-balance';
import { useMemberBalance, usePayByBalance } from '../api/pay-by-balance';
import type { MemberDialogOutcome } from '../lib/finish-member-dialog';

/** A fresh key per purchase: the server pays one key once (a double click, a retry). */
const newRequestKey = (): string =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

type BalancePayPanelProps = {
  /** What is bought: a membership (package, years) or a pack. */
  purchase: Omit<BalancePayRequest, 'requestKey'>;
  /** The price shown (the server prices it again). */
  amountFen: number;
  onPaid: (outcome: MemberDialogOutcome) => void;
};

/**
 * 余额支付: the current balance, and 确认支付 when it covers the price; short, the button is
 * disabled and reads 余额不足 beside a link to recharge. Paid at once, no QR and no polling.
 */
export function BalancePayPanel({ purchase, amountFen, onPaid }: BalancePayPanelProps) {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const balance = useMemberBalance(true);
  const pay = usePayByBalance();
  const { kind, id, amount } = purchase;
  // One key per purchase: the same choice retried keeps it, a new choice gets a new one.
  const requestKey = useMemo(() => {
    void [kind, id, amount];
    return newRequestKey();
  }, [kind, id, amount]);

  if (!signedIn) {
    return (
      <div className="member-pay member-pay--guest">
        <span>登录后即可使用余额支付</span>
        <Button type="primary" onClick={() => useSessionStore.getState().openLoginDialog()}>
          {MSG.loginRegister}
        </Button>
      </div>
    );
  }
  if (balance.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={qrErrorText(balance.error)}
        action={<Button onClick={() => void balance.refetch()}>重试</Button>}
      />
    );
  }
  if (!balance.data) {
    return (
      <div className="member-pay">
        <Spin />
      </div>
    );
  }
  const short = balance.data.balanceFen < amountFen;
  const submit = () =>
    pay.mutate(
      { kind, id, amount, requestKey },
      {
        onSuccess: (paid) =>
          onPaid({ paid: true, payOrderNo: paid.payOrderNo, vipEndTime: paid.vipEndTime }),
      },
    );
  return (
    <div className="member-pay member-pay--balance">
      <Space orientation="vertical" size={8}>
        <div>
          账户余额{' '}
          <strong className="member-price" data-testid="member-balance">
            {formatYuan(balance.data.balanceFen)}
          </strong>
        </div>
        <Space size={12} wrap>
          <Button
            type="primary"
            disabled={short}
            loading={pay.isPending}
            onClick={() => {
              if (!pay.isPending) submit();
            }}
          >
            {short ? '余额不足' : `确认支付 ${formatYuan(amountFen)}`}
          </Button>
          {short ? (
            <a href={paths.recharge} target="_blank" rel="noreferrer">
              去充值
            </a>
          ) : null}
        </Space>
        {pay.isError ? <Alert type="error" showIcon title={qrErrorText(pay.error)} /> : null}
      </Space>
    </div>
  );
}
