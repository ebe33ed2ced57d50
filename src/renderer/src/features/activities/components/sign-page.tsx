import { Button, Card, Descriptions, Form, Input, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useRequireLogin } from '../../../components/use-require-login';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import { useInvitationCheck } from '../api/check-invitation-code';
import './activities.css';

/** /sign/{Code}. */
export const signCodeHref = (code: string): string => `${paths.sign}/${encodeURIComponent(code)}`;

/** A code as typed: spaces and dashes dropped, upper case (the server reads it the same way). */
const normalise = (code: string): string => code.replace(/[\s-]+/g, '').toUpperCase();

function SignIntro() {
  return (
    <div className="sign-intro">
      <h1>设计师签约</h1>
      <p>
        收到纹样平台的签约邀请码？输入邀请码即可快速申请入驻：受邀信息自动填入申请表，申请优先审核。
      </p>
    </div>
  );
}

function SignInFirst() {
  const requireLogin = useRequireLogin();
  return (
    <Result
      status="info"
      title="请先登录后使用邀请码"
      subTitle="邀请码会绑定到提交入驻申请的账号，还没有账号可以先免费注册"
      extra={
        <Button type="primary" onClick={() => void requireLogin()}>
          登录/注册
        </Button>
      }
    />
  );
}

/** /sign: a user types the code they received. */
export function SignPage() {
  const navigate = useNavigate();
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return (
    <div className="sign-page">
      <SignIntro />
      <Card className="sign-card">
        {signedIn ? (
          <Form<{ code: string }>
            layout="vertical"
            onFinish={(values) => void navigate(signCodeHref(normalise(values.code)))}
          >
            <Form.Item
              name="code"
              label="邀请码"
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    if (normalise(value ?? '') === '') throw new Error('请输入邀请码');
                  },
                },
              ]}
            >
              <Input
                size="large"
                maxLength={32}
                placeholder="请输入 8 位邀请码"
                autoComplete="off"
                allowClear
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block>
              验证邀请码
            </Button>
          </Form>
        ) : (
          <SignInFirst />
        )}
      </Card>
    </div>
  );
}

export type ValidInvitation = {
  code: string;
  inviteeName: string;
  inviteePhone: string;
  expiresAt: string | null;
};

const expiryText = (expiresAt: string | null): string =>
  expiresAt === null
    ? '长期有效'
    : `${new Date(Date.parse(expiresAt) - 1).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' })} 前有效`;

/**
 * /sign/{Code}: checks the code from the URL on the server; a valid one shows what it pre-fills and
 * then `children` (the settle-in form); an invalid, expired, used or revoked one says why.
 */
export function InvitationCheck({
  code,
  children,
}: {
  code: string;
  children: (invitation: ValidInvitation) => ReactNode;
}) {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const checked = useSessionStore((s) => s.sessionChecked);
  const check = useInvitationCheck(code, signedIn);
  if (!checked) return <Spin size="large" className="route-spinner" />;
  if (!signedIn) {
    return (
      <div className="sign-page">
        <SignIntro />
        <Card className="sign-card">
          <SignInFirst />
        </Card>
      </div>
    );
  }
  if (check.isPending) return <Spin size="large" className="route-spinner" />;
  if (check.isError) {
    return (
      <div className="sign-page">
        <SignIntro />
        <Card className="sign-card">
          <Result
            status="warning"
            title="邀请码不可用"
            subTitle={check.error.message}
            extra={<Link to={paths.sign}>重新输入邀请码</Link>}
          />
        </Card>
      </div>
    );
  }
  const invitation = check.data;
  return (
    <div className="sign-page sign-page--valid">
      <Card className="sign-card sign-card--wide">
        <Result status="success" title="邀请码有效" subTitle="请完善下方入驻申请，提交后优先审核" />
        <Descriptions
          size="small"
          column={3}
          items={[
            { key: 'code', label: '邀请码', children: invitation.code },
            {
              key: 'name',
              label: '受邀人',
              children: invitation.inviteeName || '不限',
            },
            { key: 'expires', label: '有效期', children: expiryText(invitation.expiresAt) },
          ]}
        />
      </Card>
      {children(invitation)}
    </div>
  );
}
