// Works change (published, edited, withdrawn) through code that calls indexWorkTerms, which reports
// here; caches of derived catalogue data listen and drop what they hold. One channel per app. With
// several app servers (PostgreSQL), what this server reports is also published to the others, and
// what they publish arrives through `receive` (src/server/plugins/works-changed.ts, docs/cluster.md).

/** `here`: this server changed the works; `elsewhere`: another server did (the change feed). */
export type ChangeOrigin = 'here' | 'elsewhere';

type Listener = (workIds: readonly number[], origin: ChangeOrigin) => void;

/** The works-changed events of one app (src/server/plugins/works-changed.ts decorates it). */
export type WorksChanged = {
  /** Calls `listener` whenever works change; returns the unsubscribe function. */
  on: (listener: Listener) => () => void;
  /** Tells every listener (and, with several servers, every other server) that these works changed. */
  notify: (workIds: readonly number[]) => void;
  /** Changes another server made, from the change feed: every listener hears them. */
  receive: (workIds: readonly number[]) => void;
  /** Resolves once what was notified so far has been handed to the other servers. */
  published: () => Promise<void>;
};

/**
 * `publish` hands a change to the other servers (absent with one server). It runs after the local
 * listeners and is not awaited by `notify`: its failures go to `onPublishError`, and the other
 * servers' periodic index syncs pick the change up later.
 */
export function createWorksChanged(
  publish?: (workIds: readonly number[]) => Promise<void>,
  onPublishError: (err: unknown) => void = () => undefined,
): WorksChanged {
  const listeners = new Set<Listener>();
  const inFlight = new Set<Promise<void>>();
  const tell = (workIds: readonly number[], origin: ChangeOrigin) => {
    for (const listener of listeners) listener(workIds, origin);
  };
  return {
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: (workIds) => {
      tell(workIds, 'here');
      if (!publish || workIds.length === 0) return;
      const sent = publish([...workIds])
        .catch(onPublishError)
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    },
    receive: (workIds) => tell(workIds, 'elsewhere'),
    published: async () => {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
