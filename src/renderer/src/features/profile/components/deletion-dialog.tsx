import { Alert, Button, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import type { DeletionState } from '@shared/contract/profile';
import { DELETION_COOLING_OFF_DAYS, PROFILE_RULE_MSG } from '@shared/rules/profile';
import { useRequestDeletion } from '../api/account-deletion';
import { usePhoneCaptcha } from '../api/phone-captcha';
import { SmsCodeField } from './sms-code-field';

type DeletionDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The request is in: every session has ended, so the page signs out. */
  onRequested: (state: DeletionState) => void;
};

type Way = 'password' | 'sms';

/** 注销账号: what happens, the cooling-off, and a confirmation with the password or an SMS code. */
export function DeletionDialog({ open, onClose, onRequested }: DeletionDialogProps) {
  const [way, setWay] = useState<Way>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const request = useRequestDeletion();
  const captcha = usePhoneCaptcha();

  const confirm = async () => {
    setRefusal(null);
    if (way === 'password' && password === '') return setRefusal('请输入登录密码');
    if (way === 'sms' && !/^\d{6}$/.test(code)) return setRefusal(PROFILE_RULE_MSG.codeInvalid);
    try {
      const state = await request.mutateAsync(
        way === 'password' ? { password } : { smsCode: code },
      );
      onRequested(state);
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Modal open={open} title="注销账号" footer={null} onCancel={onClose} destroyOnHidden>
      <div className="profile-deletion-terms">
        <p>注销后，您将无法再登录本账号，以下内容将被清除：</p>
        <ul>
          <li>昵称、头像、手机号、登录密码与实名认证信息；</li>
          <li>收藏、关注、浏览记录、消息与绑定的银行卡；</li>
          <li>您发布的作品将全部下架。</li>
        </ul>
        <p>
          订单、发票、授权记录与资金流水按法律要求保留，但不再与您的个人信息关联。账户有余额、待结算收益或提现未到账时无法注销。
        </p>
        <p>
          提交后进入 {DELETION_COOLING_OFF_DAYS}{' '}
          天冷静期，期间重新登录即可撤销注销；冷静期结束后账号将被注销，无法恢复。
        </p>
      </div>
      <Form layout="vertical">
        <Form.Item label="确认方式">
          <Radio.Group
            value={way}
            onChange={(e) => setWay(e.target.value as Way)}
            options={[
              { value: 'password', label: '使用登录密码' },
              { value: 'sms', label: '使用短信验证码' },
            ]}
          />
        </Form.Item>
        {way === 'password' ? (
          <Form.Item label="登录密码">
            <Input.Password
              aria-label="登录密码"
              value={password}
              autoComplete="current-password"
              onChange={(e) => setPassword(e.target.value)}
            />
          </Form.Item>
        ) : (
          <Form.Item label="验证码">
            <SmsCodeField
              label="注销验证码"
              value={code}
              onChange={setCode}
              onSend={async () => {
                setRefusal(null);
                try {
                  return await captcha.mutateAsync({ target: 'deletion' });
                } catch (err) {
                  setRefusal(err instanceof Error ? err.message : String(err));
                  throw err;
                }
              }}
            />
          </Form.Item>
        )}
        <Form.Item>
          <Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)}>
            我已了解注销的后果
          </Checkbox>
        </Form.Item>
        {refusal ? (
          <Alert className="profile-dialog-alert" type="error" showIcon title={refusal} />
        ) : null}
        <Button
          danger
          type="primary"
          disabled={!understood}
          loading={request.isPending}
          onClick={() => void confirm()}
        >
          确认注销
        </Button>
        <Button type="link" onClick={onClose}>
          再想想
        </Button>
      </Form>
    </Modal>
  );
}
