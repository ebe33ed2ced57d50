import { Alert, Button, Form, Input, message } from 'antd';
import { PROFILE_RULE_MSG } from '@shared/rules/profile';
import { useChangePassword } from '../api/change-password';

type Fields = { password: string; newPassword: string; confirm: string };

/** 修改密码: the current password, the new one twice; other devices are signed out. */
export function PasswordForm() {
  const [form] = Form.useForm<Fields>();
  const change = useChangePassword();
  const submit = async (fields: Fields) => {
    try {
      await change.mutateAsync({ password: fields.password, newPassword: fields.newPassword });
      form.resetFields();
      void message.success('密码已修改，其他设备上的登录已失效');
    } catch {
      // The server's refusal shows below.
    }
  };
  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      className="profile-password"
      onFinish={(fields) => void submit(fields)}
    >
      <Form.Item
        label="当前密码"
        name="password"
        rules={[{ required: true, message: '请输入当前密码' }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        rules={[{ required: true, min: 8, max: 64, message: PROFILE_RULE_MSG.passwordLength }]}
      >
        <Input.Password autoComplete="new-password" placeholder="8–64 位新密码" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value !== getFieldValue('newPassword')) {
                throw new Error(PROFILE_RULE_MSG.passwordMismatch);
              }
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {change.isError ? <Alert type="error" showIcon title={change.error.message} /> : null}
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        修改密码
      </Button>
    </Form>
  );
}
