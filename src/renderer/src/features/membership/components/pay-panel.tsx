import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { MemberPayOrder } from '@shared/contract/membership';
import { MSG } from '@shared/messages';
import { formatYuan } from '@shared/rules/money';
import {
  BankTransferView,
  PayQrBox,
  SandboxPayNote,
  qrErrorText,
} from '../../../components/pay-qr';
import { useSessionStore } from '../../../stores/session-store';
import { useMemberPayState } from '../api/pay-pc-order-query';
import type { MemberDialogOutcome } from '../lib/finish-member-dialog';
import type { DialogPayMethod } from '../lib/pay-method';
import { isBankTransfer, scanText } from '../lib/pay-method';

/** Glossary: what a bank-transfer payer does next. */
export const BANK_RECEIPT_NOTE = '转账后请联系客服并提供转账凭证';

type PayPanelProps = {
  method: DialogPayMethod;
  /** The payment of the current choice (a QR, or the bank details of a transfer). */
  qr: UseQueryResult<MemberPayOrder>;
  /** Polls only while shown: false once the dialog closes. */
  active: boolean;
  onPaid: (outcome: MemberDialogOutcome) => void;
};

/** True once `expiresAt` has passed; re-renders at that moment. */
function useExpired(expiresAt: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  const at = expiresAt ? Date.parse(expiresAt) : Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (!Number.isFinite(at) || at <= now) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, now]);
  return at <= now;
}

/**
 * The payment of one choice: the 119 px QR polled every 3 s until paid, or for 对公转账 the
 * transfer details and the note to send customer service the receipt. Guests are asked to sign in.
 */
export function PayPanel({ method, qr, active, onPaid }: PayPanelProps) {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const pay = qr.data;
  const bank = isBankTransfer(method);
  const showsQr = !bank && pay !== undefined && pay.qrCode !== '' && !qr.isError;
  const expired = useExpired(showsQr ? pay.expiresAt : undefined);
  const state = useMemberPayState(pay?.payOrderNo ?? '', active && showsQr && !expired);
  const reported = useRef('');
  const paid = state.data?.paid ? state.data : null;
  useEffect(() => {
    if (!paid || reported.current === paid.payOrderNo) return;
    reported.current = paid.payOrderNo;
    onPaid({ paid: true, payOrderNo: paid.payOrderNo, vipEndTime: paid.vipEndTime });
  }, [paid, onPaid]);

  if (!signedIn) {
    return (
      <div className="member-pay member-pay--guest">
        <span>登录后即可扫码支付</span>
        <Button type="primary" onClick={() => useSessionStore.getState().openLoginDialog()}>
          {MSG.loginRegister}
        </Button>
      </div>
    );
  }
  if (state.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={qrErrorText(state.error)}
        action={<Button onClick={() => void state.refetch()}>重试</Button>}
      />
    );
  }
  if (qr.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={qrErrorText(qr.error)}
        action={<Button onClick={() => void qr.refetch()}>重试</Button>}
      />
    );
  }
  if (!pay || qr.isFetching) {
    return (
      <div className="member-pay">
        <Spin />
      </div>
    );
  }
  if (bank && pay.bank) {
    return (
      <BankTransferView
        bank={pay.bank}
        amountFen={pay.amountFen}
        extra={<p className="member-pay__receipt">{BANK_RECEIPT_NOTE}</p>}
      />
    );
  }
  return (
    <div className="member-pay">
      <PayQrBox
        value={pay.qrCode}
        overlay={
          expired ? (
            <>
              <span>二维码已过期</span>
              <Button size="small" type="primary" onClick={() => void qr.refetch()}>
                刷新二维码
              </Button>
            </>
          ) : null
        }
      />
      <Space orientation="vertical" size={4}>
        <div>
          {scanText(method)} <strong className="member-price">{formatYuan(pay.amountFen)}</strong>
        </div>
        <div className="member-pay__note">支付完成后将自动开通</div>
        <SandboxPayNote channel={pay.channel} qrCode={pay.qrCode} />
      </Space>
    </div>
  );
}
