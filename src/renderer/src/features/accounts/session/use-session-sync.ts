import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { sessionHost } from '../../../lib/session-host';
import { useSessionStore } from '../../../stores/session-store';
import { loadProfile } from './load-profile';

/**
 * §4 Login state: on start and whenever the tab regains focus or visibility, a token means sign-in
 * (the login dialog closes and the profile loads); no token clears user info (the dialog may stay).
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  useEffect(() => {
    let disposed = false;
    const sync = async () => {
      const state = await sessionHost()
        .read()
        .catch(() => ({ signedIn: false, expiration: null }));
      if (disposed) return;
      const store = useSessionStore.getState();
      if (!state.signedIn) {
        if (store.loginState === 'sign-in') queryClient.removeQueries({ queryKey: ['accounts'] });
        store.clear();
        return;
      }
      store.markSignedIn();
      await loadProfile(queryClient, (text) => void message.error(text));
    };
    const onFocus = () => {
      if (document.visibilityState !== 'hidden') void sync();
    };
    void sync();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      disposed = true;
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [queryClient, message]);
}
