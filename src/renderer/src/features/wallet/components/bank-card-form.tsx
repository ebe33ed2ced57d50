import { Alert, Button, Form, Input, Select } from 'antd';
import { Link } from 'react-router-dom';
import type { BankCardInfo } from '@shared/contract/wallet';
import { checkBankAccountNumber } from '@shared/rules/bank-account';
import { checkCardHolder } from '@shared/rules/withdrawal';
import { paths } from '../../../config/paths';
import { useBankList } from '../api/get-bank-list';
import { useBindBankCard } from '../api/bind-bank-card';

type Fields = { holderName: string; bankCode: string; cardNumber: string };

type BankCardFormProps = {
  info: BankCardInfo;
  onBound: () => void;
  onCancel?: () => void;
};

/**
 * Binds the personal card withdrawals are paid to: the holder must be the verified real name (the
 * same rule the server checks), the number 8–30 digits. Without 实名认证 there is nothing to bind.
 */
export function BankCardForm({ info, onBound, onCancel }: BankCardFormProps) {
  const banks = useBankList();
  const bind = useBindBankCard();
  const [form] = Form.useForm<Fields>();
  if (!info.realName) {
    return (
      <Alert
        type="warning"
        showIcon
        title="请先完成实名认证，再绑定银行卡"
        description={
          <span>
            提现银行卡须为本人名下的卡。<Link to={paths.user.credentials}>去实名认证</Link>
          </span>
        }
      />
    );
  }
  const submit = async (fields: Fields) => {
    try {
      await bind.mutateAsync(fields);
      onBound();
    } catch {
      // The server's refusal shows below the form.
    }
  };
  return (
    <Form<Fields>
      form={form}
      className="wallet-form"
      layout="vertical"
      initialValues={{ holderName: info.realName, bankCode: undefined, cardNumber: '' }}
      onFinish={(fields) => void submit(fields)}
    >
      <Form.Item
        label="持卡人"
        name="holderName"
        extra="须与实名认证的姓名一致"
        rules={[
          {
            validator: async (_, value: string) => {
              const check = checkCardHolder(value ?? '', info.realName);
              if (!check.ok) throw new Error(check.reason);
            },
          },
        ]}
      >
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item
        label="开户银行"
        name="bankCode"
        rules={[{ required: true, message: '请选择开户银行' }]}
      >
        <Select
          aria-label="开户银行"
          placeholder="请选择开户银行"
          loading={banks.isLoading}
          options={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
        />
      </Form.Item>
      <Form.Item
        label="银行卡号"
        name="cardNumber"
        rules={[
          {
            validator: async (_, value: string) => {
              const check = checkBankAccountNumber(value ?? '');
              if (!check.ok) throw new Error(check.reason);
            },
          },
        ]}
      >
        <Input maxLength={40} inputMode="numeric" placeholder="本人名下的借记卡卡号" />
      </Form.Item>
      {bind.isError ? (
        <Alert className="wallet-section" type="error" showIcon title={bind.error.message} />
      ) : null}
      <Button type="primary" htmlType="submit" loading={bind.isPending}>
        绑定银行卡
      </Button>
      {onCancel ? (
        <Button type="link" onClick={onCancel}>
          取消
        </Button>
      ) : null}
    </Form>
  );
}
