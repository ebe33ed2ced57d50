import { Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useRequireLogin } from '../../components/use-require-login';
import { paths } from '../../config/paths';
import {
  ApplicationIntro,
  ApplyButton,
} from '../../features/publishing/components/application-intro';
import { ApplicationView } from '../../features/publishing/components/application-view';
import { CredentialsView } from '../../features/publishing/components/credentials-view';
import { useSessionStore } from '../../stores/session-store';

/** /application: why and how to settle in. */
export function ApplicationIntroRoute() {
  const navigate = useNavigate();
  return (
    <ApplicationIntro
      action={<ApplyButton onClick={() => void navigate(paths.applicationSpread)} />}
    />
  );
}

/** /application/spread: guests are asked to sign in first; users apply or see their state. */
export function ApplicationSpreadRoute() {
  const checked = useSessionStore((s) => s.sessionChecked);
  const userId = useSessionStore((s) => s.userInfo?.userId);
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const requireLogin = useRequireLogin();
  if (!checked) return <Spin size="large" className="route-spinner" />;
  if (!signedIn) {
    return (
      <ApplicationIntro
        action={<ApplyButton label="登录后申请入驻" onClick={() => void requireLogin()} />}
      />
    );
  }
  return (
    <>
      <ApplicationIntro />
      {userId === undefined ? (
        <Spin size="large" className="route-spinner" />
      ) : (
        <ApplicationView userId={userId} />
      )}
    </>
  );
}

/** /user/credentials. */
export function CredentialsRoute() {
  return <CredentialsView />;
}
