import { Alert, App, Button, Form, InputNumber, Select, Skeleton, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  DEMAND_DAYS_MAX,
  DEMAND_DAYS_MIN,
  DEMAND_QUOTA_MAX,
  DEMAND_REFERENCES_MAX,
  DEMAND_REWARD_MAX_FEN,
  DEMAND_REWARD_MIN_FEN,
  checkDemandDraft,
  demandEscrowFen,
} from '@shared/rules/demand';
import { formatYuan, yuanToFen } from '@shared/rules/money';
import { uploadPatternFile } from '../../../api/upload-pattern-file';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { usePublishAllowance, usePublishDemand } from '../api/demands';
import { DemandWordsFields } from './demand-form-fields';
import './demands.css';

type Values = {
  title: string;
  kid: number;
  type: number;
  description: string;
  rewardYuan: number;
  quota: number;
  days: number;
};

const DAY_OPTIONS = [3, 7, 14, 30, 45, 60].map((d) => ({ value: d, label: `${d} 天` }));

const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * /demand/release 发布需求: members publish a demand; one 定制需求发布 unit is spent and the
 * rewards (单稿赏金 × 采用数量) are held from the balance. A non-member is shown the member dialog
 * without its close button (§2), which the route supplies.
 */
export function DemandReleasePage({
  memberDialog,
}: {
  /** The membership dialog, rendered open and not closable, for a non-member. */
  memberDialog: () => ReactNode;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const allowance = usePublishAllowance();
  const publish = usePublishDemand();
  const [form] = Form.useForm<Values>();
  const [requestId] = useState(newRequestId);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const reward = Form.useWatch('rewardYuan', form) ?? 0;
  const quota = Form.useWatch('quota', form) ?? 1;
  const escrowFen = demandEscrowFen(yuanToFen(reward), quota);

  if (allowance.isError) {
    return (
      <div className="demand-page">
        <LoadError
          title="发布资格加载失败"
          error={allowance.error}
          onRetry={() => void allowance.refetch()}
        />
      </div>
    );
  }
  if (!allowance.data) {
    return (
      <div className="demand-page">
        <Skeleton active />
      </div>
    );
  }
  const { isMember, remain, balanceFen, canPublish, reason } = allowance.data;
  const short = escrowFen > balanceFen;

  const submit = (values: Values) => {
    const draft = {
      ...values,
      title: values.title.trim(),
      description: values.description.trim(),
      rewardFen: yuanToFen(values.rewardYuan),
    };
    const problem = checkDemandDraft(draft);
    if (problem) {
      void message.error(problem);
      return;
    }
    const referenceKeys = files
      .map((f) => (f.response as { fileKey?: string } | undefined)?.fileKey)
      .filter((k): k is string => typeof k === 'string');
    publish.mutate(
      {
        requestId,
        title: draft.title,
        kid: draft.kid,
        type: draft.type,
        description: draft.description,
        rewardFen: draft.rewardFen,
        quota: draft.quota,
        days: draft.days,
        referenceKeys,
      },
      {
        onSuccess: (r) => {
          void message.success('需求已发布');
          void navigate(paths.demandDetail(r.demandId));
        },
        onError: (err) => void message.error(err instanceof Error ? err.message : '操作失败！'),
      },
    );
  };

  return (
    <div className="demand-page">
      <h1>发布需求</h1>
      {!isMember ? memberDialog() : null}
      {canPublish ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`本年度还可发布 ${remain} 个定制需求；当前余额 ${formatYuan(balanceFen)}。`}
          description="发布时按「单稿赏金 × 采用数量」从余额托管赏金；采用稿件时付给设计师，需求关闭或到期后未用完的赏金退回余额。"
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={reason}
          action={
            isMember ? (
              <Link to={`${paths.openMember}/DosingPacket`}>
                <Button size="small">购买加量包</Button>
              </Link>
            ) : null
          }
        />
      )}
      <Form<Values>
        form={form}
        className="demand-form"
        layout="vertical"
        disabled={!canPublish}
        initialValues={{ type: 1, quota: 1, days: 14, rewardYuan: 500 }}
        onFinish={submit}
      >
        <DemandWordsFields />
        <Form.Item label={`参考图（选填，最多 ${DEMAND_REFERENCES_MAX} 张）`}>
          <Upload
            listType="picture-card"
            accept="image/png,image/jpeg"
            fileList={files}
            maxCount={DEMAND_REFERENCES_MAX}
            onChange={({ fileList }) => setFiles(fileList)}
            customRequest={({ file, onSuccess, onError, onProgress }) => {
              uploadPatternFile(file as Blob, {
                onProgress: (fraction) => onProgress?.({ percent: Math.round(fraction * 100) }),
              }).then(
                (uploaded) => onSuccess?.(uploaded),
                (err: unknown) => {
                  void message.error(err instanceof Error ? err.message : '上传失败');
                  onError?.(err instanceof Error ? err : new Error('上传失败'));
                },
              );
            }}
          >
            {files.length < DEMAND_REFERENCES_MAX ? '上传' : null}
          </Upload>
        </Form.Item>
        <Form.Item
          name="rewardYuan"
          label="单稿赏金（元）"
          rules={[{ required: true, message: '请填写单稿赏金' }]}
          extra={`¥${DEMAND_REWARD_MIN_FEN / 100}–¥${DEMAND_REWARD_MAX_FEN / 100}，整数元；采用一稿付一份`}
        >
          <InputNumber
            min={DEMAND_REWARD_MIN_FEN / 100}
            max={DEMAND_REWARD_MAX_FEN / 100}
            precision={0}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="quota" label="采用数量（稿）">
          <InputNumber min={1} max={DEMAND_QUOTA_MAX} precision={0} />
        </Form.Item>
        <Form.Item
          name="days"
          label="征稿期"
          extra={`${DEMAND_DAYS_MIN}–${DEMAND_DAYS_MAX} 天，截止后仍可处理稿件 15 天`}
        >
          <Select options={DAY_OPTIONS} style={{ width: 200 }} aria-label="征稿期" />
        </Form.Item>
        <p>
          托管赏金合计：<b data-testid="escrow-total">{formatYuan(escrowFen)}</b>
          {short && canPublish ? (
            <span style={{ color: '#f5222d', marginLeft: 12 }}>
              余额不足，<Link to={paths.recharge}>去充值</Link>
            </span>
          ) : null}
        </p>
        <Button
          type="primary"
          htmlType="submit"
          loading={publish.isPending}
          disabled={!canPublish || short}
        >
          发布需求
        </Button>
      </Form>
    </div>
  );
}
