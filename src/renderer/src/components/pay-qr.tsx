import { Descriptions } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { PAY_QR_SIZE_PX } from '@shared/constants';
import type { PayOrder } from '@shared/contract/orders';
import { MSG } from '@shared/messages';
import { formatYuan } from '@shared/rules/money';
import { ApiError } from '../api/api-client';
import './pay-qr.css';

// Pieces of a QR payment that licence orders and memberships show alike (spec §8, §9).

/** §9 The pay QR's size. */
export const PAY_QR_SIZE = PAY_QR_SIZE_PX;

/** §8 What a failed QR call says: the response's msg or message, else 操作失败！ */
export const qrErrorText = (error: Error): string =>
  error instanceof ApiError && error.message ? error.message : MSG.operationFailed;

type PayQrBoxProps = {
  value: string;
  /** Laid over the code, e.g. 二维码已过期 with a refresh button. */
  overlay?: ReactNode;
};

/** The 119 px payment QR in its frame. */
export function PayQrBox({ value, overlay }: PayQrBoxProps) {
  return (
    <div className="pay-qr" data-testid="pay-qr">
      <QRCodeSVG value={value} size={PAY_QR_SIZE} />
      {overlay ? <div className="pay-qr__overlay">{overlay}</div> : null}
    </div>
  );
}

/** The sandbox provider's QR opens a confirm page; say so, and link it for a desktop without a phone. */
export function SandboxPayNote({ channel, qrCode }: { channel: string; qrCode: string }) {
  if (channel !== 'sandbox') return null;
  return (
    <div className="pay-qr__note" data-testid="sandbox-note">
      沙箱支付：未接入真实支付渠道，扫码或{' '}
      <a target="_blank" rel="noreferrer" href={qrCode}>
        在新窗口打开支付页
      </a>
    </div>
  );
}

type BankTransferViewProps = {
  bank: NonNullable<PayOrder['bank']>;
  amountFen: number;
  extra?: ReactNode;
};

/** Bank transfer: the platform's account, the amount, the reference to write, and what to do next. */
export function BankTransferView({ bank, amountFen, extra }: BankTransferViewProps) {
  return (
    <div data-testid="bank-transfer">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'name', label: '收款户名', children: bank.accountName },
          { key: 'bank', label: '开户银行', children: bank.bankName },
          { key: 'no', label: '银行账号', children: bank.accountNo },
          { key: 'amount', label: '转账金额', children: formatYuan(amountFen) },
          { key: 'ref', label: '转账备注', children: bank.reference },
        ]}
      />
      <p className="pay-qr__hint">{bank.note}</p>
      {extra}
    </div>
  );
}
