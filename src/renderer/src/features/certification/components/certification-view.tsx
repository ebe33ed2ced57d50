import { App, Button, Card, Empty, Form, Input, Radio, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { VerifyRecord } from '@shared/contract/identity';
import {
  checkCompanyName,
  checkCreditCode,
  checkIdNumber,
  checkRealName,
} from '@shared/rules/identity';
import type { IdentityCheck } from '@shared/rules/identity';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useChangeSigner } from '../api/change-first-signer';
import { useVerifyInfo } from '../api/get-verify-info';
import { useStartVerification } from '../api/get-verify-url';
import './certification.css';

type Kind = VerifyRecord['kind'];
type VerifyForm = { name: string; number: string };

const KIND_TEXT: Record<
  Kind,
  { title: string; name: string; number: string; nameCheck: (v: string) => IdentityCheck }
> = {
  personal: { title: '个人认证', name: '真实姓名', number: '身份证号', nameCheck: checkRealName },
  enterprise: {
    title: '企业认证',
    name: '企业名称',
    number: '统一社会信用代码',
    nameCheck: checkCompanyName,
  },
};
const numberCheck = (kind: Kind, value: string) =>
  kind === 'personal' ? checkIdNumber(value) : checkCreditCode(value);
const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;
const identityLabel = (r: VerifyRecord) =>
  `${r.kind === 'enterprise' ? '企业' : '个人'}：${r.name}（${r.numberMasked}）`;

/** A form validator from a shared rule: the same check and message as the server's. */
const ruleOf = (check: (value: string) => IdentityCheck) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const result = check(value ?? '');
    if (!result.ok) throw new Error(result.reason);
  },
});

type IdentityCardProps = {
  kind: Kind;
  /** The newest verified identity of this kind, if any. */
  verified: VerifyRecord | undefined;
  /** The newest attempt, when it failed after the last success. */
  lastFailure: VerifyRecord | undefined;
};

/** One kind of verification: its state and, until verified (or when asked), the form. */
function IdentityCard({ kind, verified, lastFailure }: IdentityCardProps) {
  const { message } = App.useApp();
  const start = useStartVerification();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<VerifyForm>();
  const text = KIND_TEXT[kind];

  const submit = async (values: VerifyForm) => {
    try {
      const { record, url } = await start.mutateAsync({
        kind,
        name: values.name.trim(),
        number: values.number.trim(),
      });
      if (url) window.open(url, '_blank', 'noopener');
      else if (record.status === 'verified') {
        message.success(`${text.title}通过`);
        setEditing(false);
        form.resetFields();
      } else message.error(`认证未通过：${record.reason}`);
    } catch (err) {
      message.error(errorText(err, '认证失败'));
    }
  };

  const status = verified ? (
    <Tag color="success">已认证</Tag>
  ) : lastFailure ? (
    <Tag color="error">未通过</Tag>
  ) : (
    <Tag>未认证</Tag>
  );
  return (
    <Card
      title={text.title}
      size="small"
      extra={status}
      data-testid={`identity-${kind}`}
      actions={
        kind === 'enterprise' && verified
          ? [
              <Link key="bank" to={paths.user.bankAccountBind}>
                绑定企业银行账户
              </Link>,
            ]
          : undefined
      }
    >
      {verified ? (
        <dl className="certification-page__identity">
          <dt>{text.name}</dt>
          <dd>{verified.name}</dd>
          <dt>{text.number}</dt>
          <dd>{verified.numberMasked}</dd>
        </dl>
      ) : lastFailure ? (
        <p className="certification-page__why">
          {lastFailure.name}：{lastFailure.reason || '认证未通过'}
        </p>
      ) : null}
      {verified && !editing ? (
        <Button size="small" onClick={() => setEditing(true)}>
          {kind === 'enterprise' ? '认证其他企业或更新名称' : '重新认证'}
        </Button>
      ) : (
        <Form<VerifyForm>
          form={form}
          layout="vertical"
          className="certification-page__form"
          onFinish={(values) => void submit(values)}
        >
          <Form.Item name="name" label={text.name} rules={[ruleOf(text.nameCheck)]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="number"
            label={text.number}
            rules={[ruleOf((value) => numberCheck(kind, value))]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={start.isPending}>
            提交{text.title}
          </Button>
          {verified ? (
            <Button type="link" onClick={() => setEditing(false)}>
              取消
            </Button>
          ) : null}
        </Form>
      )}
    </Card>
  );
}

/** /user/certification (认证): personal and company verification and who signs the contracts. */
export function CertificationView() {
  const { message } = App.useApp();
  const info = useVerifyInfo();
  const signer = useChangeSigner();

  if (info.isError)
    return (
      <LoadError title="认证信息加载失败" error={info.error} onRetry={() => void info.refetch()} />
    );
  if (!info.data) return <Spin className="route-spinner" />;

  // Records come newest first.
  const records = info.data.records;
  const verifiedIdentities = records.filter((r) => r.status === 'verified');
  const state = (kind: Kind) => {
    const verified = verifiedIdentities.find((r) => r.kind === kind);
    const latest = records.find((r) => r.kind === kind);
    return { verified, lastFailure: latest?.status === 'failed' ? latest : undefined };
  };
  const chooseSigner = async (id: number) => {
    try {
      await signer.mutateAsync({ id });
      message.success('合同签署方已更改');
    } catch (err) {
      message.error(errorText(err, '设置失败'));
    }
  };

  return (
    <div className="certification-page">
      <PageHeader
        title="认证"
        subtitle="认证后可签署授权合同；企业认证后还可绑定企业银行账户。证件号只显示前 3 位和后 4 位。"
      />
      <Card title="合同签署方" size="small">
        <p className="certification-page__why">
          合同签署方：授权合同以认证的企业或个人名义签署。选择由哪个已认证的身份签署合同。
        </p>
        {verifiedIdentities.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="完成个人或企业认证后，可在这里选择合同签署方"
          />
        ) : (
          <Radio.Group
            value={info.data.signerId}
            disabled={signer.isPending}
            onChange={(e) => void chooseSigner(e.target.value as number)}
            options={verifiedIdentities.map((r) => ({ value: r.id, label: identityLabel(r) }))}
          />
        )}
      </Card>
      <div className="certification-page__cards">
        <IdentityCard kind="personal" {...state('personal')} />
        <IdentityCard kind="enterprise" {...state('enterprise')} />
      </div>
    </div>
  );
}
