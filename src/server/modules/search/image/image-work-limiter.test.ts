import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { createImageWorkLimiter } from './search-images';

describe('image work limiter', () => {
  it('runs two image jobs at once, queues sixteen, and tells the next one to come back later', async () => {
    const limit = createImageWorkLimiter();
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const job = () =>
      limit(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
      });
    const accepted = Array.from({ length: 18 }, job);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(job()).rejects.toMatchObject({ code: 1029, message: MSG.imageSearch.busy });
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(accepted);
    expect(most).toBe(2);
  });
});
