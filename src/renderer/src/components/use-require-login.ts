import { useCallback } from 'react';
import { useSessionStore } from '../stores/session-store';

/** For actions that need an account: returns false and opens the (closable) login dialog for guests. */
export function useRequireLogin(): () => boolean {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useCallback(() => {
    if (signedIn) return true;
    useSessionStore.getState().openLoginDialog({ closable: true });
    return false;
  }, [signedIn]);
}
