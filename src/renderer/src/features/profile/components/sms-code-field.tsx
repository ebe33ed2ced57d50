import { Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';

type SmsCodeFieldProps = {
  value?: string;
  onChange?: (value: string) => void;
  /** Sends the code; resolves with the seconds to wait and, from the sandbox, the code itself. */
  onSend: () => Promise<{ resendAfter: number; sandboxCode?: string }>;
  /** False while the number to send to is not yet valid. */
  canSend?: boolean;
  label: string;
};

/** 验证码 with 获取验证码 and its countdown (60秒后重新获取), as on the account site. */
export function SmsCodeField({
  value,
  onChange,
  onSend,
  canSend = true,
  label,
}: SmsCodeFieldProps) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [sandboxCode, setSandboxCode] = useState<string | null>(null);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      const sent = await onSend();
      setLeft(sent.resendAfter);
      setSandboxCode(sent.sandboxCode ?? null);
    } catch {
      // The caller shows the refusal.
    } finally {
      setSending(false);
    }
  };

  return (
    <div>
      <Space.Compact>
        <Input
          aria-label={label}
          value={value}
          onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          maxLength={6}
          placeholder="6 位验证码"
          style={{ width: 160 }}
        />
        <Button disabled={left > 0 || !canSend} loading={sending} onClick={() => void send()}>
          {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
      {sandboxCode ? <div className="profile-hint">测试环境验证码：{sandboxCode}</div> : null}
    </div>
  );
}
