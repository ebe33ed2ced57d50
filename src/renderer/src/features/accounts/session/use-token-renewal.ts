import { useEffect } from 'react';
import { extendWebSession, sessionHost, webTokens } from '../../../lib/session-host';
import { useSessionStore } from '../../../stores/session-store';
import { renewSessionToken } from '../api/renew-token';
import { isDueForRenewal, renewalDelay } from './token-renewal';

let renewal: Promise<number> | null = null;

/**
 * §4/§9 In the browser the token is renewed once within 30 minutes of expiry; the answer is the new
 * lifetime in seconds. §8 A failed renewal clears the cookies and goes home (`onFailure`).
 * The desktop's main process renews its own token.
 */
export function useTokenRenewal(onFailure: () => void): void {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  useEffect(() => {
    const host = sessionHost();
    if (!signedIn || host.kind !== 'web') return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let renewing = false;

    const renew = async () => {
      renewing = true;
      try {
        const { refreshToken } = webTokens();
        if (!refreshToken) throw new Error('refresh token missing');
        // One request even if two effects (StrictMode) or a focus check and the timer race here.
        renewal ??= renewSessionToken(refreshToken).finally(() => {
          renewal = null;
        });
        const seconds = await renewal;
        extendWebSession(Date.now() + seconds * 1000);
      } catch {
        await host.clear();
        if (!stopped) onFailure();
        return;
      } finally {
        renewing = false;
      }
      if (!stopped) await check();
    };

    const check = async () => {
      clearTimeout(timer);
      if (stopped || renewing) return;
      const { expiration } = await host.read();
      if (stopped || expiration === null) return;
      const now = Date.now();
      if (isDueForRenewal(expiration, now)) await renew();
      else timer = setTimeout(() => void check(), renewalDelay(expiration, now));
    };

    // A sleeping laptop delays timers: look again when the tab comes back.
    const onFocus = () => void check();
    void check();
    window.addEventListener('focus', onFocus);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [signedIn, onFailure]);
}
