import { Spin } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSessionUser } from '../../api/get-user-info';
import { RedActivityPage } from '../../features/activities/components/red-activity-page';
import { InvitationCheck, SignPage } from '../../features/activities/components/sign-page';
import { ApplicationView } from '../../features/publishing/components/application-view';

// Activities and designer signing (issue 13): /redActivity, /sign and /sign/{Code}, where a valid
// code opens the settle-in application pre-filled (composed here: features do not import each other).

/** /redActivity, or /redActivity?id= for one activity. */
export function RedActivityRoute() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined;
  return <RedActivityPage key={id ?? 'current'} id={id} />;
}

/** /sign: type an invitation code. */
export const SignRoute = () => <SignPage />;

/** /sign/{Code}: the code from the URL, checked; a valid one opens the pre-filled application. */
export function SignCodeRoute() {
  const { Code = '' } = useParams();
  const userId = useSessionUser()?.userId;
  return (
    <InvitationCheck key={Code} code={Code}>
      {(invitation) =>
        userId === undefined ? (
          <Spin size="large" className="route-spinner" />
        ) : (
          <ApplicationView
            userId={userId}
            invitation={{
              code: invitation.code,
              inviteeName: invitation.inviteeName,
              inviteePhone: invitation.inviteePhone,
            }}
          />
        )
      }
    </InvitationCheck>
  );
}
