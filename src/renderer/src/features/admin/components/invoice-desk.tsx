import { Alert, App, Button, Input, Modal, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { AdminInvoiceRequest, InvoiceState } from '@shared/contract/billing';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { useInvoiceRequests } from '../api/get-invoice-requests';
import { useHandleInvoiceRequestCall } from '../api/handle-invoice-request';
import { ReasonDialog } from './reason-dialog';
import { REVIEW_PAGE_SIZE, reviewTime as time, useDecision } from './review-queue';

const STATE_TABS: { value: InvoiceState; label: string }[] = [
  { value: 'applied', label: '待处理' },
  { value: 'issued', label: '已开具' },
  { value: 'rejected', label: '已驳回' },
];

const STATE_COLOURS: Record<InvoiceState, string> = {
  applied: 'orange',
  issued: 'green',
  rejected: 'red',
};

const REJECT_PRESETS = [
  '发票抬头与纳税人识别号不一致，请核对后重新申请',
  '单位发票请填写正确的纳税人识别号',
  '接收邮箱无效，请修改后重新申请',
];

/** The contract's bound of an invoice number. */
const INVOICE_NO_MAX = 32;

type IssueDialogProps = { request: AdminInvoiceRequest; onClose: () => void };

/** Asks for the issued invoice's number; the server's refusal (a malformed number…) shows here. */
function IssueDialog({ request, onClose }: IssueDialogProps) {
  const { message } = App.useApp();
  const handle = useHandleInvoiceRequestCall();
  const [invoiceNo, setInvoiceNo] = useState('');
  const [refusal, setRefusal] = useState('');
  const submit = async () => {
    setRefusal('');
    try {
      await handle.mutateAsync({
        id: request.id,
        action: 'issue',
        invoiceNo: invoiceNo.trim(),
        reason: '',
      });
      message.success('已开具，买家会看到发票号码');
      onClose();
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : '操作失败');
    }
  };
  return (
    <Modal
      title="开具发票"
      open
      okText="开具"
      okButtonProps={{ disabled: invoiceNo.trim() === '' }}
      confirmLoading={handle.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>
        {request.title}（{request.buyerType === 'company' ? '单位' : '个人'}）·{' '}
        {formatYuan(request.amountFen)} · {request.email}
      </p>
      <Input
        aria-label="发票号码"
        maxLength={INVOICE_NO_MAX}
        value={invoiceNo}
        placeholder="开具后的发票号码"
        onChange={(e) => setInvoiceNo(e.target.value)}
      />
      {refusal ? (
        <Alert className="finance-refusal" type="error" showIcon message={refusal} />
      ) : null}
    </Modal>
  );
}

/** 发票申请: buyers' requests for 增值税普通发票; issue with the number or reject with a reason. */
export function InvoiceDesk() {
  const [state, setState] = useState<InvoiceState>('applied');
  const [pageIndex, setPageIndex] = useState(1);
  const list = useInvoiceRequests({ state, pageIndex, pageSize: REVIEW_PAGE_SIZE });
  const handle = useHandleInvoiceRequestCall();
  const decision = useDecision();
  const [issuing, setIssuing] = useState<AdminInvoiceRequest | null>(null);
  const [rejecting, setRejecting] = useState<AdminInvoiceRequest | null>(null);

  const reject = async (request: AdminInvoiceRequest, reason: string) => {
    const done = await decision(
      () => handle.mutateAsync({ id: request.id, action: 'reject', invoiceNo: '', reason }),
      '已驳回，买家会看到原因',
    );
    if (done) setRejecting(null);
  };

  return (
    <>
      <Segmented<InvoiceState>
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
          title="发票申请加载失败"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <Table<AdminInvoiceRequest>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '没有发票申请' }}
          pagination={{
            current: pageIndex,
            pageSize: REVIEW_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPageIndex,
            showSizeChanger: false,
          }}
          columns={[
            { title: '申请时间', key: 'createdAt', render: (_, r) => time(r.createdAt) },
            { title: '买家', dataIndex: 'buyerName' },
            {
              title: '订单',
              key: 'order',
              render: (_, r) => (
                <div>
                  <div>{r.workTitle}</div>
                  <div className="finance-muted">{r.orderNo}</div>
                </div>
              ),
            },
            {
              title: '抬头',
              key: 'title',
              render: (_, r) => (
                <div>
                  <div>
                    {r.title}（{r.buyerType === 'company' ? '单位' : '个人'}）
                  </div>
                  {r.taxNo ? <div className="finance-muted">{r.taxNo}</div> : null}
                </div>
              ),
            },
            { title: '金额', key: 'amount', render: (_, r) => formatYuan(r.amountFen) },
            { title: '接收邮箱', dataIndex: 'email' },
            {
              title: '状态',
              key: 'state',
              render: (_, r) => <Tag color={STATE_COLOURS[r.state]}>{r.stateTitle}</Tag>,
            },
            {
              title: '操作',
              key: 'handle',
              render: (_, r) =>
                r.state === 'applied' ? (
                  <Space size={0}>
                    <Button type="link" onClick={() => setIssuing(r)}>
                      开具
                    </Button>
                    <Button type="link" danger onClick={() => setRejecting(r)}>
                      驳回
                    </Button>
                  </Space>
                ) : (
                  <div>
                    <div>
                      {r.state === 'issued'
                        ? `发票号码 ${r.invoiceNo}`
                        : `驳回原因：${r.rejectReason}`}
                    </div>
                    <div className="finance-muted">{time(r.handledAt)}</div>
                  </div>
                ),
            },
          ]}
        />
      )}
      {issuing ? (
        <IssueDialog key={issuing.id} request={issuing} onClose={() => setIssuing(null)} />
      ) : null}
      <ReasonDialog
        open={rejecting !== null}
        title="驳回发票申请"
        placeholder="写明原因，买家会看到并据此重新申请"
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
