import { Alert, Button, Form, Input, Modal, Steps, message } from 'antd';
import { useState } from 'react';
import { PHONE_PATTERN } from '@shared/contract/accounts';
import { PROFILE_RULE_MSG } from '@shared/rules/profile';
import { useChangePhone, useVerifyOldPhone } from '../api/change-phone';
import { usePhoneCaptcha } from '../api/phone-captcha';
import { SmsCodeField } from './sms-code-field';

const PHONE = new RegExp(PHONE_PATTERN);
const CODE = /^\d{6}$/;

type PhoneChangeDialogProps = { open: boolean; phoneMasked: string; onClose: () => void };

/** 更换手机号: a code to the current number first, then a code to the new one (§7 phoneCaptcha). */
export function PhoneChangeDialog({ open, phoneMasked, onClose }: PhoneChangeDialogProps) {
  const [ticket, setTicket] = useState<string | null>(null);
  const [oldCode, setOldCode] = useState('');
  const [phone, setPhone] = useState('');
  const [newCode, setNewCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const captcha = usePhoneCaptcha();
  const verify = useVerifyOldPhone();
  const change = useChangePhone();

  const close = () => {
    setTicket(null);
    setOldCode('');
    setPhone('');
    setNewCode('');
    setRefusal(null);
    onClose();
  };
  const attempt = async <T,>(action: () => Promise<T>): Promise<T> => {
    setRefusal(null);
    try {
      return await action();
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : String(err));
      throw err;
    }
  };

  const next = async () => {
    if (!CODE.test(oldCode)) return setRefusal(PROFILE_RULE_MSG.codeInvalid);
    const result = await attempt(() => verify.mutateAsync(oldCode)).catch(() => null);
    if (result) setTicket(result.ticket);
  };
  const finish = async () => {
    if (!ticket) return;
    if (!PHONE.test(phone)) return setRefusal(PROFILE_RULE_MSG.phoneInvalid);
    if (!CODE.test(newCode)) return setRefusal(PROFILE_RULE_MSG.codeInvalid);
    const done = await attempt(() => change.mutateAsync({ ticket, phone, code: newCode })).catch(
      () => null,
    );
    if (done) {
      void message.success(`手机号已更换为 ${done.phoneMasked}`);
      close();
    }
  };

  return (
    <Modal open={open} title="更换手机号" footer={null} onCancel={close} destroyOnHidden>
      <Steps
        size="small"
        current={ticket ? 1 : 0}
        items={[{ title: '验证原手机号' }, { title: '绑定新手机号' }]}
      />
      <Form layout="vertical" className="profile-dialog-form">
        {ticket === null ? (
          <>
            <Form.Item label="原手机号">
              <span>{phoneMasked}</span>
            </Form.Item>
            <Form.Item label="验证码">
              <SmsCodeField
                label="原手机号验证码"
                value={oldCode}
                onChange={setOldCode}
                onSend={() => attempt(() => captcha.mutateAsync({ target: 'old' }))}
              />
            </Form.Item>
            <Button type="primary" loading={verify.isPending} onClick={() => void next()}>
              下一步
            </Button>
          </>
        ) : (
          <>
            <Form.Item label="新手机号">
              <Input
                aria-label="新手机号"
                value={phone}
                maxLength={11}
                inputMode="numeric"
                placeholder="请输入 11 位手机号"
                onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
              />
            </Form.Item>
            <Form.Item label="验证码">
              <SmsCodeField
                label="新手机号验证码"
                value={newCode}
                onChange={setNewCode}
                canSend={PHONE.test(phone)}
                onSend={() => attempt(() => captcha.mutateAsync({ target: 'new', phone, ticket }))}
              />
            </Form.Item>
            <Button type="primary" loading={change.isPending} onClick={() => void finish()}>
              确认更换
            </Button>
          </>
        )}
        {refusal ? (
          <Alert className="profile-dialog-alert" type="error" showIcon title={refusal} />
        ) : null}
      </Form>
    </Modal>
  );
}
