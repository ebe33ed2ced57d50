import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionHost, webTokens } from '../../../lib/session-host';
import { useSessionStore } from '../../../stores/session-store';
import { discardSessionToken } from '../api/discard-token';
import { rememberNewRegister } from './new-register';

/** §4/§7 Log out: discard the token on the server (errors ignored), then forget it here. */
export async function signOut(): Promise<void> {
  const host = sessionHost();
  if (host.kind === 'web') {
    const { token } = webTokens();
    if (token) await discardSessionToken(token).catch(() => undefined);
  }
  // The desktop's host discards the token itself before clearing its jar.
  await host.clear().catch(() => undefined);
}

/** Logs out and clears the client state: loginState no-logged-in, no user info, no cached account data. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOut();
    rememberNewRegister(false);
    useSessionStore.getState().clear();
    queryClient.removeQueries({ queryKey: ['accounts'] });
  }, [queryClient]);
}
