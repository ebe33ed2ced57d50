import fp from 'fastify-plugin';
import { createWorksChanged } from '../modules/works/work-changes';
import type { WorksChanged } from '../modules/works/work-changes';
import { createChangeFeed } from '../platform/cluster/change-feed';
import type { ChangeFeed } from '../platform/cluster/change-feed';
import { pruneClusterTables } from '../platform/cluster/housekeeping';
import { scheduleJob } from '../platform/cluster/jobs';
import { newServerName } from '../platform/cluster/server-name';

/** This app server among others on the same database (docs/cluster.md). */
export type ClusterMember = {
  /** The server's name in work_changes and cluster_jobs. */
  name: string;
  /** The work changes followed from other servers; null on SQLite (one process). */
  feed: ChangeFeed | null;
};

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Publishing, withdrawing and editing works report here; caches and indexes listen. */
    worksChanged: WorksChanged;
    cluster: ClusterMember;
  }
}

/** How often old work changes and rate-limit counters are dropped (once across servers). */
const HOUSEKEEPING_MS = 3600_000;

/**
 * The works-changed events of this app, for the catalogue caches and the search indexes. On
 * PostgreSQL they also travel between app servers: what this server reports is appended to
 * work_changes, and what others append is applied here (word index first, so cached results keyed
 * by its version are recomputed, then every listener: image index, catalogue and search caches).
 */
export const worksChangedPlugin = fp(
  async (app) => {
    const { deps } = app;
    const name = newServerName();
    if (deps.dialect !== 'postgres') {
      app.decorate('worksChanged', createWorksChanged());
      app.decorate('cluster', { name, feed: null });
      return;
    }
    const feed: ChangeFeed = createChangeFeed({
      db: deps.db,
      origin: name,
      listenUrl: deps.databaseUrl,
      now: deps.now,
      log: (line, err) => app.log.warn({ err }, line),
      apply: async (workIds) => {
        if (app.hasDecorator('wordIndex')) await app.wordIndex.refreshWorks(workIds);
        changes.receive(workIds);
      },
    });
    const changes = createWorksChanged(
      (workIds) => feed.publish(workIds),
      (err) => app.log.warn({ err }, '作品变更未能通知其他服务器'),
    );
    app.decorate('worksChanged', changes);
    app.decorate('cluster', { name, feed });
    const housekeeping = scheduleJob(deps, {
      name: 'cluster-housekeeping',
      everyMs: HOUSEKEEPING_MS,
      origin: name,
      run: () => pruneClusterTables(deps.db, deps.now()),
      onError: (err) => app.log.warn({ err }, 'cluster housekeeping failed'),
    });
    app.addHook('onReady', async () => {
      await feed.start();
      void housekeeping.start();
    });
    app.addHook('onClose', async () => {
      // Changes reported during the last requests still reach the other servers.
      await changes.published();
      await housekeeping.stop();
      await feed.stop();
    });
  },
  { name: 'works-changed', decorators: { fastify: ['deps'] } },
);
