import { Alert, App, Button, Input, Result, Spin } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { FolkAccessRequest } from '@shared/contract/folk';
import { FOLK_REQUEST_STATE_TITLES } from '@shared/contract/folk';
import { LoadError } from '../../../components/load-state';
import { chinaDateText } from '../../../lib/china-date';
import { useSessionStore } from '../../../stores/session-store';
import { useApplyFolkAccess, useMyFolkAccess } from '../api/folk-access';

export const FOLK_LOCKED_TITLE = '西南民族文化基地仅对已开通权限的用户开放';

/** Shows the base to entitled users only; everyone else reads how to apply (spec §1, §6). */
export function FolkGate({ children }: { children: ReactNode }) {
  const checked = useSessionStore((s) => s.sessionChecked);
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const access = useMyFolkAccess(signedIn);
  if (!checked || (signedIn && access.isPending)) {
    return <Spin size="large" className="route-spinner" />;
  }
  if (signedIn && access.isError) {
    return <LoadError title="基地权限读取失败" error={access.error} />;
  }
  if (signedIn && access.data?.entitled) return <>{children}</>;
  return <FolkLocked signedIn={signedIn} request={access.data?.request ?? null} />;
}

function FolkLocked({
  signedIn,
  request,
}: {
  signedIn: boolean;
  request: FolkAccessRequest | null;
}) {
  const openLogin = useSessionStore((s) => s.openLoginDialog);
  return (
    <Result
      status="403"
      title={FOLK_LOCKED_TITLE}
      subTitle="基地收录苗绣、侗锦、彝族漆器纹与布依族蜡染等西南民族非遗纹样，面向签署文化遗产合作的企业与机构开放。提交开通申请后，平台审核结果会通过消息通知您。"
      extra={
        signedIn ? (
          <FolkApply request={request} />
        ) : (
          <Button type="primary" onClick={() => openLogin({ closable: true })}>
            登录后申请开通
          </Button>
        )
      }
    />
  );
}

function FolkApply({ request }: { request: FolkAccessRequest | null }) {
  const { message } = App.useApp();
  const apply = useApplyFolkAccess();
  const [company, setCompany] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  if (request?.status === 'pending') {
    return (
      <Alert
        type="info"
        showIcon
        title={`您的开通申请${FOLK_REQUEST_STATE_TITLES.pending}`}
        description={`提交于 ${chinaDateText(request.createdAt)}，单位：${request.company}。审核结果将通过消息通知您。`}
      />
    );
  }
  const submit = () => {
    if (!company.trim()) return setProblem('请填写单位名称');
    if (!reason.trim()) return setProblem('请说明申请用途（例如非遗合作、产品开发）');
    setProblem('');
    apply.mutate(
      { company: company.trim(), reason: reason.trim() },
      {
        onSuccess: () => void message.success('开通申请已提交，请等待平台审核'),
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <div className="folk-apply">
      {request?.status === 'refused' ? (
        <Alert
          type="warning"
          showIcon
          title={`上次申请${FOLK_REQUEST_STATE_TITLES.refused}`}
          description={request.reply || '如有疑问请联系客服。'}
        />
      ) : null}
      <label>
        <span>单位名称</span>
        <Input
          aria-label="单位名称"
          maxLength={60}
          value={company}
          onChange={(e) => setCompany(e.target.value)}
        />
      </label>
      <label>
        <span>申请用途</span>
        <Input.TextArea
          aria-label="申请用途"
          maxLength={300}
          rows={3}
          placeholder="例如：已与黔东南绣娘合作社签署非遗合作，开发丝巾与家纺产品"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      <Button type="primary" loading={apply.isPending} onClick={submit}>
        提交开通申请
      </Button>
    </div>
  );
}
