import { useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import { useSessionStore } from '../../../stores/session-store';

/**
 * The session's dialogs, loaded when they are first shown: a guest who never opens the login dialog
 * and a user without a pending notice load none of their code (docs/fast-pages.md).
 */
export const AgreementUpdateDialog = lazyComponent(() =>
  import('./agreement-update-dialog').then((m) => m.AgreementUpdateDialog),
);

export const RegistrationInterestDialog = lazyComponent(() =>
  import('./registration-interest-dialog').then((m) => m.RegistrationInterestDialog),
);

const LoadedLoginDialog = lazyComponent(() => import('./login-dialog').then((m) => m.LoginDialog));

/** The login dialog, mounted from its first opening on (it then follows the store itself). */
export function LoginDialog() {
  const open = useSessionStore((s) => s.loginDialogOpen);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <LoadedLoginDialog /> : null;
}
