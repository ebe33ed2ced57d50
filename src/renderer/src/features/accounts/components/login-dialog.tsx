import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { LOGIN_RELOAD_DELAY_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { accountSiteOrigin, accountSiteUrl } from '../../../lib/platform';
import { sessionHost } from '../../../lib/session-host';
import { useSessionStore } from '../../../stores/session-store';
import { parseAccountSiteMessage } from '../session/account-site-message';
import { rememberNewRegister } from '../session/new-register';
import './accounts.css';

const reloadPage = () => window.location.reload();

type LoginDialogProps = {
  /** How the page reloads after a login; tests pass a spy. */
  reload?: () => void;
};

/**
 * §2/§4 The login dialog: a full-screen frame of the account site. Only messages from the account
 * site's origin and from this frame are trusted. A login message is saved (cookies in the browser,
 * the bridge in the desktop) and the page reloads after 500 ms; the close message closes the dialog
 * only where the route allows it.
 */
export function LoginDialog({ reload = reloadPage }: LoginDialogProps) {
  const open = useSessionStore((s) => s.loginDialogOpen);
  const closable = useSessionStore((s) => s.loginDialogClosable);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const { message } = App.useApp();

  useEffect(() => {
    if (!open) return undefined;
    const origin = accountSiteOrigin();
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (event.origin !== origin || !frameWindow || event.source !== frameWindow) return;
      const parsed = parseAccountSiteMessage(event.data);
      if (!parsed) return;
      if (parsed.type === 'close') {
        const state = useSessionStore.getState();
        if (state.loginDialogClosable) state.closeLoginDialog();
        return;
      }
      rememberNewRegister(parsed.isNewRegister);
      // The reload is not cancelled if the dialog closes meanwhile (a focus check may close it first).
      sessionHost()
        .saveLogin(parsed.login)
        .then(() => setTimeout(reload, LOGIN_RELOAD_DELAY_MS))
        .catch(() => void message.error(MSG.operationFailed));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, reload, message]);

  if (!open) return null;
  return createPortal(
    <div
      className="login-dialog"
      role="dialog"
      aria-modal="true"
      aria-label={MSG.loginDialogTitle}
      data-closable={String(closable)}
    >
      <iframe
        ref={frameRef}
        className="login-dialog__frame"
        title={MSG.loginDialogTitle}
        src={accountSiteUrl()}
      />
    </div>,
    document.body,
  );
}
