import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, testDatabases } from '../testing/test-app';
import { imageIndexPlugin } from './image-index';
import { SERVICE_PLUGINS } from './services';
import { wordIndexPlugin } from './word-index';

describe.each(testDatabases())('services on $name', (database) => {
  it('refuses to start when image search has no image index', async () => {
    await expect(
      buildTestApp(database, { services: SERVICE_PLUGINS.filter((p) => p !== imageIndexPlugin) }),
    ).rejects.toThrow(
      'The imageIndex service is not registered: app.ts registers its plugin (src/server/plugins) before the routes that use it',
    );
  });

  it('refuses to start when word search has no word index', async () => {
    await expect(
      buildTestApp(database, { services: SERVICE_PLUGINS.filter((p) => p !== wordIndexPlugin) }),
    ).rejects.toThrow('The wordIndex service is not registered');
  });

  it('stops the indexes’ and the sweeper’s timers when the app closes', async () => {
    const t = await buildTestApp(database);
    const { wordIndex, imageIndex, searchImageSweeper } = t.app;
    try {
      await wordIndex.ready();
      await vi.waitFor(() => expect(imageIndex.scheduled).toBe(true));
      expect(wordIndex.scheduled).toBe(true);
      expect(searchImageSweeper.scheduled).toBe(true);
    } finally {
      await t.close();
    }
    expect(wordIndex.scheduled).toBe(false);
    expect(imageIndex.scheduled).toBe(false);
    expect(searchImageSweeper.scheduled).toBe(false);
  });
});
