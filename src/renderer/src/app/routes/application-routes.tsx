import { Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { isSettledDesigner } from '@shared/rules/roles';
import { useRequireLogin } from '../../components/use-require-login';
import { paths } from '../../config/paths';
import { useBasicInfo } from '../../api/get-basic-info';
import { useDesignerStatus } from '../../api/get-designer-status';
import { useSessionUser } from '../../api/get-user-info';
import {
  ApplicationIntro,
  ApplyButton,
} from '../../features/publishing/components/application-intro';
import { ApplicationView } from '../../features/publishing/components/application-view';
import { CredentialsView } from '../../features/identity/components/credentials-view';
import { PlantEntrancePage } from '../../features/publishing/components/plant-entrance-page';
import { isDesktop } from '../../lib/platform';
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
  const userId = useSessionUser()?.userId;
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

/** /plantEntrance (footer 设计工具): open to everyone; what a visitor may do depends on settling in. */
export function PlantEntranceRoute() {
  const status = useDesignerStatus();
  const info = useBasicInfo();
  return (
    <PlantEntrancePage
      settled={isSettledDesigner(status.data)}
      desktop={isDesktop()}
      designCloudUrl={info.data?.designCloudUrl ?? null}
    />
  );
}
