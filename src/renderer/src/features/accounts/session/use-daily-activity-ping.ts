import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useSessionUser } from '../../../api/get-user-info';
import { sendActiveUser } from '../api/active-user';
import { pingDailyActivity } from './daily-activity';

/** Pings in flight, so a double effect (StrictMode) or a quick refocus sends one request. */
const inFlight = new Set<string>();

/** §4 Sends the daily activity ping once the signed-in user is known. */
export function useDailyActivityPing(): void {
  const user = useSessionUser();
  const userId = user?.userId;
  const caiHongID = user?.caiHongID;
  // Re-read on every render (the profile reloads on focus), so a tab left open overnight pings again.
  const today = dayjs().format('YYYY-MM-DD');
  useEffect(() => {
    if (userId === undefined || !caiHongID) return;
    const key = `${userId}:${today}`;
    if (inFlight.has(key)) return;
    inFlight.add(key);
    pingDailyActivity({ userId, caiHongID, today, send: sendActiveUser })
      .catch(() => undefined)
      .finally(() => inFlight.delete(key));
  }, [userId, caiHongID, today]);
}
