import fp from 'fastify-plugin';
import { WordIndex } from '../modules/search/word/word-index';

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The in-memory word index of published works (loaded at its first use). */
    wordIndex: WordIndex;
  }
}

/** How often each server picks up changes other servers made (and new counters). */
const WORD_INDEX_SYNC_MS = 60_000;

/** The word index; its periodic sync starts once it is loaded and ends when the app closes. */
export const wordIndexPlugin = fp(
  async (app) => {
    const index = new WordIndex(app.deps.db, {
      syncIntervalMs: WORD_INDEX_SYNC_MS,
      log: (line) => app.log.info(line),
    });
    app.decorate('wordIndex', index);
    app.addHook('onClose', async () => {
      index.stop();
    });
  },
  { name: 'word-index', decorators: { fastify: ['deps'] } },
);
