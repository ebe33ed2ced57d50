import { App, Button, Card, Empty, Form, Input, Segmented, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import type { VerifyRecord } from '@shared/contract/identity';
import {
  checkCompanyName,
  checkCreditCode,
  checkIdNumber,
  checkRealName,
} from '@shared/rules/identity';
import { LoadError } from '../../../components/load-state';
import { useChangeSigner } from '../api/change-first-signer';
import { useVerifyInfo } from '../api/get-verify-info';
import { useStartVerification } from '../api/get-verify-url';
import './identity.css';

type VerifyForm = { name: string; number: string };

/** /user/credentials: real-name verification (person or company) and who signs contracts. */
export function CredentialsView() {
  const { message } = App.useApp();
  const info = useVerifyInfo();
  const start = useStartVerification();
  const signer = useChangeSigner();
  const [kind, setKind] = useState<'personal' | 'enterprise'>('personal');
  const [form] = Form.useForm<VerifyForm>();

  const submit = async (values: VerifyForm) => {
    try {
      const { record, url } = await start.mutateAsync({
        kind,
        name: values.name.trim(),
        number: values.number.trim(),
      });
      if (url) window.open(url, '_blank', 'noopener');
      else if (record.status === 'verified') message.success('认证通过');
      else message.error(`认证未通过：${record.reason}`);
      form.resetFields();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '认证失败');
    }
  };

  if (info.isError)
    return (
      <LoadError title="认证信息加载失败" error={info.error} onRetry={() => void info.refetch()} />
    );
  if (!info.data) return <Spin className="route-spinner" />;
  return (
    <div className="credentials-page">
      <header className="credentials-page__header">
        <h2>
          实名认证 {info.data.verified ? <Tag color="success">已认证</Tag> : <Tag>未认证</Tag>}
        </h2>
      </header>
      <Card title="认证记录" size="small" style={{ marginBottom: 16 }}>
        <Table<VerifyRecord>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={info.data.records}
          locale={{ emptyText: <Empty description="还没有认证记录" /> }}
          columns={[
            {
              title: '类型',
              key: 'kind',
              render: (_, r) => (r.kind === 'enterprise' ? '企业' : '个人'),
            },
            { title: '名称', dataIndex: 'name' },
            { title: '证件号', dataIndex: 'numberMasked' },
            {
              title: '结果',
              key: 'status',
              render: (_, r) =>
                r.status === 'verified' ? (
                  <Tag color="success">通过</Tag>
                ) : (
                  <Tag color="error">未通过：{r.reason}</Tag>
                ),
            },
            { title: '时间', key: 'at', render: (_, r) => r.createdAt.slice(0, 10) },
            {
              title: '合同签署人',
              key: 'signer',
              render: (_, r) =>
                r.isSigner ? (
                  <Tag color="blue">第一签署人</Tag>
                ) : r.status === 'verified' ? (
                  <Button
                    size="small"
                    type="link"
                    loading={signer.isPending}
                    onClick={() =>
                      void signer
                        .mutateAsync({ id: r.id })
                        .then(() => message.success('已设为第一签署人'))
                        .catch((err: unknown) =>
                          message.error(err instanceof Error ? err.message : '设置失败'),
                        )
                    }
                  >
                    设为签署人
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <Card title="新的认证" size="small">
        <Segmented
          value={kind}
          onChange={(value) => {
            setKind(value as 'personal' | 'enterprise');
            form.resetFields();
          }}
          options={[
            { value: 'personal', label: '个人认证' },
            { value: 'enterprise', label: '企业认证' },
          ]}
          style={{ marginBottom: 16 }}
        />
        <Form<VerifyForm>
          form={form}
          layout="vertical"
          onFinish={(values) => void submit(values)}
          style={{ maxWidth: 420 }}
        >
          <Form.Item
            name="name"
            label={kind === 'personal' ? '真实姓名' : '企业名称'}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const result =
                    kind === 'enterprise'
                      ? checkCompanyName(value ?? '')
                      : checkRealName(value ?? '');
                  if (!result.ok) throw new Error(result.reason);
                },
              },
            ]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="number"
            label={kind === 'personal' ? '身份证号' : '统一社会信用代码'}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const result =
                    kind === 'personal' ? checkIdNumber(value ?? '') : checkCreditCode(value ?? '');
                  if (!result.ok) throw new Error(result.reason);
                },
              },
            ]}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={start.isPending}>
            提交认证
          </Button>
        </Form>
      </Card>
    </div>
  );
}
