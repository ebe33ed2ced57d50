import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import { useUserInfo } from '../../../api/get-user-info';
import {
  AgreementUpdateDialog,
  LoginDialog,
  RegistrationInterestDialog,
} from '../components/lazy-session-dialogs';
import { TrialCountdown } from '../components/trial-countdown';
import { isRememberedNewRegister, rememberNewRegister } from './new-register';
import { useDailyActivityPing } from './use-daily-activity-ping';
import { useLogout } from './use-logout';
import { useSessionSync } from './use-session-sync';
import { useTokenRenewal } from './use-token-renewal';

/**
 * The session, mounted once: follows the login state (§4), renews the token, sends the daily ping,
 * and shows the login dialog, the agreement-update and registration-interest dialogs (one at a time,
 * agreement first) and the trial countdown.
 */
export function SessionManager() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();

  // §8 A failed renewal: cookies are already cleared; clear the client state and go home.
  const endSession = useCallback(() => {
    useSessionStore.getState().clear();
    queryClient.removeQueries({ queryKey: ['accounts'] });
    void navigate(paths.home);
  }, [queryClient, navigate]);

  useSessionSync();
  useTokenRenewal(endSession);
  useDailyActivityPing();

  const { data: info, dataUpdatedAt } = useUserInfo();
  const refreshInfo = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['accounts'] }),
    [queryClient],
  );

  const disagree = () => void logout().then(() => navigate(paths.home));

  const trialEndsAt =
    info?.showExpVIP && info.validitySecond > 0 ? dataUpdatedAt + info.validitySecond * 1000 : null;

  return (
    <>
      <LoginDialog />
      {info && !info.isReadAndAgreeNotify ? (
        <AgreementUpdateDialog open onDisagree={disagree} />
      ) : null}
      {info && info.isReadAndAgreeNotify && !info.isUserKeywork ? (
        <RegistrationInterestDialog
          open
          isNewRegister={isRememberedNewRegister() || info.isNewRegister}
          onSaved={() => rememberNewRegister(false)}
        />
      ) : null}
      {trialEndsAt !== null ? (
        <TrialCountdown key={trialEndsAt} endsAt={trialEndsAt} onEnd={refreshInfo} />
      ) : null}
    </>
  );
}
