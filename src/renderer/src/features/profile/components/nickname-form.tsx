import { Alert, Button, Form, Input, message } from 'antd';
import { PROFILE_RULE_MSG, checkNickName } from '@shared/rules/profile';
import { nickNameExists } from '../api/is-existence-nick-name';
import { useSaveNickName } from '../api/save-nick-name';

type Fields = { nickName: string };

/** 昵称: the shared rules as the user types; on saving, Shop/IsExistenceNickName, then the server's own check. */
export function NicknameForm({ current }: { current: string }) {
  const [form] = Form.useForm<Fields>();
  const save = useSaveNickName();

  const submit = async ({ nickName }: Fields) => {
    const name = nickName.trim();
    if (name === current) {
      form.setFields([{ name: 'nickName', errors: [PROFILE_RULE_MSG.nickNameSame] }]);
      return;
    }
    try {
      if (await nickNameExists(name)) {
        form.setFields([{ name: 'nickName', errors: [PROFILE_RULE_MSG.nickNameTaken] }]);
        return;
      }
      await save.mutateAsync(name);
      void message.success('昵称已保存');
    } catch {
      // The server's refusal shows below.
    }
  };

  return (
    <Form<Fields>
      form={form}
      layout="inline"
      initialValues={{ nickName: current }}
      onFinish={(fields) => void submit(fields)}
    >
      <Form.Item
        name="nickName"
        label="昵称"
        extra="2–20 个字符，可用中文、字母、数字、下划线、短横线和间隔号"
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const refusal = checkNickName(value ?? '');
              if (refusal) throw new Error(refusal);
            },
          },
        ]}
      >
        <Input maxLength={40} style={{ width: 260 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存昵称
        </Button>
      </Form.Item>
      {save.isError ? <Alert type="error" showIcon title={save.error.message} /> : null}
    </Form>
  );
}
