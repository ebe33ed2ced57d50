import { describe, expect, it, vi } from 'vitest';
import { pingDailyActivity } from './daily-activity';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('daily activity ping', () => {
  it('is sent once per day per user', async () => {
    const storage = memoryStorage();
    const send = vi.fn().mockResolvedValue({ recorded: true });
    const base = { caiHongID: '80012345', send, storage };
    expect(await pingDailyActivity({ ...base, userId: 7, today: '2024-05-01' })).toBe(true);
    expect(await pingDailyActivity({ ...base, userId: 7, today: '2024-05-01' })).toBe(false);
    expect(await pingDailyActivity({ ...base, userId: 8, today: '2024-05-01' })).toBe(true);
    expect(await pingDailyActivity({ ...base, userId: 7, today: '2024-05-02' })).toBe(true);
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenCalledWith('80012345');
  });

  it('is recorded only after it succeeded, so a failure is retried', async () => {
    const storage = memoryStorage();
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({});
    const ping = { userId: 7, caiHongID: '80012345', today: '2024-05-01', send, storage };
    await expect(pingDailyActivity(ping)).rejects.toThrow('offline');
    expect(await pingDailyActivity(ping)).toBe(true);
    expect(await pingDailyActivity(ping)).toBe(false);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
