// §4/§9 Daily activity ping: at most once per calendar day per user, recorded locally after success.

const KEY_PREFIX = 'wenyang.activeUser.';

type DailyPing = {
  userId: number;
  caiHongID: string;
  /** YYYY-MM-DD, local calendar day. */
  today: string;
  send: (caiHongID: string) => Promise<unknown>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
};

/** Sends the ping unless this user already sent one today; true when it was sent. */
export async function pingDailyActivity({
  userId,
  caiHongID,
  today,
  send,
  storage = localStorage,
}: DailyPing): Promise<boolean> {
  const key = `${KEY_PREFIX}${userId}`;
  try {
    if (storage.getItem(key) === today) return false;
  } catch {
    // Unreadable storage: send it; the server counts a user once a day anyway.
  }
  await send(caiHongID);
  try {
    storage.setItem(key, today);
  } catch {
    // Could not record it: tomorrow's check is simply repeated.
  }
  return true;
}
