import { Alert, App, Button, Input, Modal, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { AdminWithdrawal, WithdrawalState } from '@shared/contract/wallet';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { useHandleWithdrawal } from '../api/handle-withdrawal';
import { useWithdrawals } from '../api/get-withdrawals';
import { ReasonDialog } from './reason-dialog';
import { REVIEW_PAGE_SIZE, reviewTime as time, useDecision } from './review-queue';

const STATE_TABS: { value: WithdrawalState; label: string }[] = [
  { value: 'applied', label: '待审核' },
  { value: 'approved', label: '待打款' },
  { value: 'paid', label: '已打款' },
  { value: 'rejected', label: '已驳回' },
];

const STATE_COLOURS: Record<WithdrawalState, string> = {
  applied: 'orange',
  approved: 'blue',
  paid: 'green',
  rejected: 'red',
};

const REJECT_PRESETS = [
  '银行卡信息有误，请核对后重新绑定并申请',
  '账户存在异常交易，请联系客服',
  '持卡人与实名认证信息不一致',
];

/** The contract's bound of a bank serial. */
const SERIAL_MAX = 64;

type PayDialogProps = { withdrawal: AdminWithdrawal; onClose: () => void };

/** Marks a withdrawal paid once the bank transfer went out, with the bank's serial. */
function PayDialog({ withdrawal, onClose }: PayDialogProps) {
  const { message } = App.useApp();
  const handle = useHandleWithdrawal();
  const [serial, setSerial] = useState('');
  const [refusal, setRefusal] = useState('');
  const submit = async () => {
    setRefusal('');
    try {
      await handle.mutateAsync({
        id: withdrawal.id,
        action: 'pay',
        paySerial: serial.trim(),
        reason: '',
      });
      message.success('已标记打款，设计师会看到已打款');
      onClose();
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : '操作失败');
    }
  };
  return (
    <Modal
      title="确认已打款"
      open
      okText="确认已打款"
      confirmLoading={handle.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>
        向 {withdrawal.holderName}（{withdrawal.bankName} {withdrawal.cardNumber}）转账{' '}
        {formatYuan(withdrawal.amountFen)}
      </p>
      <Input
        aria-label="打款流水号"
        maxLength={SERIAL_MAX}
        value={serial}
        placeholder="银行打款流水号（选填）"
        onChange={(e) => setSerial(e.target.value)}
      />
      {refusal ? <Alert className="finance-refusal" type="error" showIcon title={refusal} /> : null}
    </Modal>
  );
}

/** 提现审核: designers' withdrawals; approve, then mark paid, or reject with a reason. */
export function WithdrawalDesk() {
  const [state, setState] = useState<WithdrawalState>('applied');
  const [pageIndex, setPageIndex] = useState(1);
  const list = useWithdrawals({ state, pageIndex, pageSize: REVIEW_PAGE_SIZE });
  const handle = useHandleWithdrawal();
  const decision = useDecision();
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);

  const approve = (w: AdminWithdrawal) =>
    void decision(
      () => handle.mutateAsync({ id: w.id, action: 'approve', paySerial: '', reason: '' }),
      '已审核通过，请打款后标记已打款',
    );
  const reject = async (w: AdminWithdrawal, reason: string) => {
    const done = await decision(
      () => handle.mutateAsync({ id: w.id, action: 'reject', paySerial: '', reason }),
      '已驳回，金额已退回设计师的可提现余额',
    );
    if (done) setRejecting(null);
  };

  return (
    <>
      <Segmented<WithdrawalState>
        className="finance-states"
        options={STATE_TABS}
        value={state}
        onChange={(next) => {
          setState(next);
          setPageIndex(1);
        }}
      />
      {list.isError ? (
        <LoadError
          title="提现申请加载失败"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <Table<AdminWithdrawal>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '没有提现申请' }}
          pagination={{
            current: pageIndex,
            pageSize: REVIEW_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPageIndex,
            showSizeChanger: false,
          }}
          columns={[
            { title: '申请时间', key: 'createdAt', render: (_, r) => time(r.createdAt) },
            {
              title: '设计师',
              key: 'designer',
              render: (_, r) => (
                <div>
                  <div>{r.designerName}</div>
                  <div className="finance-muted">彩虹号 {r.caiHongID}</div>
                </div>
              ),
            },
            { title: '金额', key: 'amount', render: (_, r) => formatYuan(r.amountFen) },
            {
              title: '收款银行卡',
              key: 'card',
              render: (_, r) => (
                <div>
                  <div>
                    {r.holderName} · {r.bankName}
                  </div>
                  <div className="finance-muted">{r.cardNumber}</div>
                </div>
              ),
            },
            {
              title: '状态',
              key: 'state',
              render: (_, r) => <Tag color={STATE_COLOURS[r.state]}>{r.stateTitle}</Tag>,
            },
            {
              title: '操作',
              key: 'handle',
              render: (_, r) =>
                r.state === 'applied' || r.state === 'approved' ? (
                  <Space size={0}>
                    {r.state === 'applied' ? (
                      <Button type="link" onClick={() => approve(r)}>
                        审核通过
                      </Button>
                    ) : (
                      <Button type="link" onClick={() => setPaying(r)}>
                        标记已打款
                      </Button>
                    )}
                    <Button type="link" danger onClick={() => setRejecting(r)}>
                      驳回
                    </Button>
                  </Space>
                ) : (
                  <div>
                    <div>
                      {r.state === 'paid'
                        ? `已打款${r.paySerial ? `（流水号 ${r.paySerial}）` : ''}`
                        : `驳回原因：${r.rejectReason}`}
                    </div>
                    <div className="finance-muted">{time(r.handledAt || null)}</div>
                  </div>
                ),
            },
          ]}
        />
      )}
      {paying ? (
        <PayDialog key={paying.id} withdrawal={paying} onClose={() => setPaying(null)} />
      ) : null}
      <ReasonDialog
        open={rejecting !== null}
        title="驳回提现申请"
        placeholder="写明原因，设计师会看到；金额退回其可提现余额"
        presets={REJECT_PRESETS}
        confirmLoading={handle.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (rejecting) void reject(rejecting, reason);
        }}
      />
    </>
  );
}
