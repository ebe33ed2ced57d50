import { Alert, App, Button, Card, Descriptions, Form, Input, Select, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BankAccountInfo } from '@shared/contract/certification';
import {
  checkAccountName,
  checkBankAccountNumber,
  checkBankName,
  checkBranchName,
} from '@shared/rules/bank-account';
import type { IdentityCheck } from '@shared/rules/identity';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useBindBankAccount } from '../api/bind-bank-account';
import { useBankAccount } from '../api/get-bank-account';
import './certification.css';

type BankForm = {
  accountName: string;
  bankName: string;
  branchName: string;
  accountNumber: string;
};

const ruleOf = (check: (value: string) => IdentityCheck) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const result = check(value ?? '');
    if (!result.ok) throw new Error(result.reason);
  },
});

type BindFormProps = { enterprises: string[]; onDone: () => void; onCancel?: () => void };

function BindForm({ enterprises, onDone, onCancel }: BindFormProps) {
  const { message } = App.useApp();
  const bind = useBindBankAccount();
  const submit = async (values: BankForm) => {
    try {
      await bind.mutateAsync(values);
      message.success('银行账户已绑定');
      onDone();
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : '绑定失败');
    }
  };
  return (
    <Form<BankForm>
      layout="vertical"
      className="certification-page__form"
      initialValues={{ accountName: enterprises[0] }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="accountName"
        label="账户名称"
        extra="须与认证的企业名称一致"
        rules={[ruleOf((v) => checkAccountName(v, enterprises))]}
      >
        <Select options={enterprises.map((name) => ({ value: name, label: name }))} />
      </Form.Item>
      <Form.Item name="bankName" label="开户银行" rules={[ruleOf(checkBankName)]}>
        <Input maxLength={40} placeholder="如：招商银行" />
      </Form.Item>
      <Form.Item name="branchName" label="开户支行" rules={[ruleOf(checkBranchName)]}>
        <Input maxLength={60} placeholder="如：杭州分行营业部" />
      </Form.Item>
      <Form.Item name="accountNumber" label="银行账号" rules={[ruleOf(checkBankAccountNumber)]}>
        <Input maxLength={40} inputMode="numeric" placeholder="8–30 位数字，可含空格" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={bind.isPending}>
        绑定账户
      </Button>
      {onCancel ? (
        <Button type="link" onClick={onCancel}>
          取消
        </Button>
      ) : null}
    </Form>
  );
}

function BoundAccount({ account }: { account: NonNullable<BankAccountInfo['account']> }) {
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="账户名称">
        {account.accountName}{' '}
        {account.matchesEnterprise ? null : <Tag color="warning">与认证的企业名称不一致</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label="开户银行">{account.bankName}</Descriptions.Item>
      <Descriptions.Item label="开户支行">{account.branchName}</Descriptions.Item>
      <Descriptions.Item label="银行账号">{account.accountNumberMasked}</Descriptions.Item>
      <Descriptions.Item label="绑定时间">{account.boundAt.slice(0, 10)}</Descriptions.Item>
    </Descriptions>
  );
}

/** /user/certification/BAbind (绑定银行账户): the company's bank account, after company verification. */
export function BankAccountView() {
  const info = useBankAccount();
  const [editing, setEditing] = useState(false);

  if (info.isError)
    return (
      <LoadError title="银行账户加载失败" error={info.error} onRetry={() => void info.refetch()} />
    );
  if (!info.data) return <Spin className="route-spinner" />;
  const { enterprises, account } = info.data;

  return (
    <div className="certification-page">
      <PageHeader
        title="绑定银行账户"
        subtitle="企业银行账户用于对公收付款，账户名称须与认证的企业名称一致；账号只显示前 4 位和后 4 位。"
        extra={<Link to={paths.user.certification}>返回认证</Link>}
      />
      {enterprises.length === 0 ? (
        <Alert
          type="info"
          showIcon
          title="请先完成企业认证，再绑定企业银行账户"
          action={
            <Link to={paths.user.certification}>
              <Button size="small" type="primary">
                去认证
              </Button>
            </Link>
          }
        />
      ) : (
        <Card
          size="small"
          title={account ? '已绑定的银行账户' : '绑定企业银行账户'}
          extra={
            account && !editing ? (
              <Button size="small" onClick={() => setEditing(true)}>
                更换账户
              </Button>
            ) : null
          }
        >
          {account && !editing ? (
            <BoundAccount account={account} />
          ) : (
            <BindForm
              enterprises={enterprises}
              onDone={() => setEditing(false)}
              onCancel={account ? () => setEditing(false) : undefined}
            />
          )}
        </Card>
      )}
    </div>
  );
}
