// Works change (published, edited, withdrawn) through code that calls indexWorkTerms, which reports
// here; caches of derived catalogue data listen and drop what they hold. One channel per app.

type Listener = (workIds: readonly number[]) => void;

/** The works-changed events of one app (src/server/plugins/works-changed.ts decorates it). */
export type WorksChanged = {
  /** Calls `listener` whenever works change; returns the unsubscribe function. */
  on: (listener: Listener) => () => void;
  /** Tells every listener that these works changed. */
  notify: (workIds: readonly number[]) => void;
};

export function createWorksChanged(): WorksChanged {
  const listeners = new Set<Listener>();
  return {
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: (workIds) => {
      for (const listener of listeners) listener(workIds);
    },
  };
}
