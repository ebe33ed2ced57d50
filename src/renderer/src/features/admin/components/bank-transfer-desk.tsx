import { Alert, App, Button, Descriptions, Input, InputNumber, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import type { CallResponse } from '@shared/contract/define';
import type { getPendingBankTransfers } from '@shared/contract/orders';
import { formatYuan, yuanToFen } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { useConfirmBankTransferCall } from '../api/confirm-bank-transfer';
import { usePendingBankTransfers } from '../api/get-pending-bank-transfers';
import { REVIEW_PAGE_SIZE, reviewTime as time } from './review-queue';

type PendingTransfer = CallResponse<typeof getPendingBankTransfers>['list'][number];

/** The contract's bounds of a bank serial number (银行流水号). */
const SERIAL_MIN = 4;
const SERIAL_MAX = 64;

/** What the transfer buys, besides its purpose: the work or package and the years, or the pack. */
function itemText(t: PendingTransfer): string {
  if (!t.itemTitle) return '';
  return t.years ? `${t.itemTitle} · ${t.years} 年` : t.itemTitle;
}

/** 授权订单 / 开通会员 / 加量包 / 余额充值, with what it buys below. */
function PurposeCell({ transfer }: { transfer: PendingTransfer }) {
  const item = itemText(transfer);
  return (
    <>
      <Tag>{transfer.purposeTitle}</Tag>
      {item ? <div>{item}</div> : null}
    </>
  );
}

/** The payer's name, and the phone that tells accounts of one name apart. */
const payerText = (t: PendingTransfer) =>
  t.buyerPhone ? `${t.buyerName}（${t.buyerPhone}）` : t.buyerName;

type ConfirmTransferDialogProps = { transfer: PendingTransfer; onClose: () => void };

/**
 * Asks for what the bank statement says (serial and amount received, in yuan); the server pays
 * the order (a licence, a membership, an add-on pack or a recharge) only when the amount matches,
 * and its refusal shows here so the admin can correct it.
 */
function ConfirmTransferDialog({ transfer, onClose }: ConfirmTransferDialogProps) {
  const { message } = App.useApp();
  const confirm = useConfirmBankTransferCall();
  const [serial, setSerial] = useState('');
  const [yuan, setYuan] = useState<number | null>(null);
  const [refusal, setRefusal] = useState('');
  const bankSerial = serial.trim();
  const amountFen = yuan === null ? 0 : yuanToFen(yuan);
  const ready = bankSerial.length >= SERIAL_MIN && amountFen >= 1;

  const submit = async () => {
    setRefusal('');
    try {
      const result = await confirm.mutateAsync({
        payOrderNo: transfer.payOrderNo,
        bankSerial,
        amountFen,
      });
      message.success(`已确认到账，${result.purposeTitle} ${result.orderNo} 已支付`);
      // Paid but refunded at once (e.g. the exclusivity was taken, the order closed): the server
      // says why.
      if (result.message) message.warning(result.message);
      onClose();
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : '操作失败');
    }
  };

  return (
    <Modal
      title="确认银行转账到账"
      open
      okText="确认到账"
      okButtonProps={{ disabled: !ready }}
      confirmLoading={confirm.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'pay', label: '支付单号', children: transfer.payOrderNo },
          { key: 'order', label: '订单号（转账附言）', children: transfer.orderNo },
          {
            key: 'purpose',
            label: '用途',
            children: [transfer.purposeTitle, itemText(transfer)].filter(Boolean).join(' · '),
          },
          { key: 'buyer', label: '付款人', children: payerText(transfer) },
          { key: 'amount', label: '应付金额', children: formatYuan(transfer.amountFen) },
        ]}
      />
      <div className="finance-form">
        <label className="finance-form__field">
          <span>银行流水号</span>
          <Input
            aria-label="银行流水号"
            maxLength={SERIAL_MAX}
            value={serial}
            placeholder="银行回单上的流水号"
            onChange={(e) => setSerial(e.target.value)}
          />
        </label>
        <label className="finance-form__field">
          <span>到账金额（元）</span>
          <InputNumber<number>
            aria-label="到账金额"
            prefix="¥"
            min={0.01}
            precision={2}
            value={yuan}
            placeholder="按银行回单填写"
            onChange={(value) => setYuan(value)}
            className="finance-form__amount"
          />
        </label>
      </div>
      {refusal ? <Alert type="error" showIcon message={refusal} /> : null}
    </Modal>
  );
}

/**
 * 银行转账确认: transfers waiting for the money, of every purpose (授权订单, 开通会员, 加量包,
 * 余额充值); confirming one pays its order.
 */
export function BankTransferDesk() {
  const [pageIndex, setPageIndex] = useState(1);
  const list = usePendingBankTransfers({ pageIndex, pageSize: REVIEW_PAGE_SIZE });
  const [confirming, setConfirming] = useState<PendingTransfer | null>(null);
  if (list.isError) {
    return (
      <LoadError title="转账加载失败" error={list.error} onRetry={() => void list.refetch()} />
    );
  }
  return (
    <>
      <Table<PendingTransfer>
        rowKey="payOrderNo"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '没有待确认的转账' }}
        pagination={{
          current: pageIndex,
          pageSize: REVIEW_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPageIndex,
          showSizeChanger: false,
        }}
        columns={[
          { title: '支付单号', dataIndex: 'payOrderNo' },
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '用途', key: 'purpose', render: (_, t) => <PurposeCell transfer={t} /> },
          { title: '付款人', key: 'buyer', render: (_, t) => payerText(t) },
          { title: '金额', key: 'amount', render: (_, t) => formatYuan(t.amountFen) },
          { title: '提交时间', key: 'createdAt', render: (_, t) => time(t.createdAt) },
          { title: '付款期限', key: 'expiresAt', render: (_, t) => time(t.expiresAt) },
          {
            title: '操作',
            key: 'confirm',
            render: (_, t) => (
              <Button type="link" onClick={() => setConfirming(t)}>
                确认到账
              </Button>
            ),
          },
        ]}
      />
      {confirming ? (
        <ConfirmTransferDialog
          key={confirming.payOrderNo}
          transfer={confirming}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
