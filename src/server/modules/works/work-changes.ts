import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Works change (published, edited, withdrawn) through code that calls indexWorkTerms, which reports
// here; caches of derived catalogue data listen and drop what they hold. One channel per database.

type Listener = (workIds: readonly number[]) => void;
const listeners = new WeakMap<object, Set<Listener>>();

/** Calls `listener` whenever works of `db` change; returns the unsubscribe function. */
export function onWorksChanged(db: Kysely<Database>, listener: Listener): () => void {
  const set = listeners.get(db) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(db, set);
  return () => set.delete(listener);
}

/** Tells every listener of `db` that these works changed. */
export function notifyWorksChanged(db: Kysely<Database>, workIds: readonly number[]): void {
  for (const listener of listeners.get(db) ?? []) listener(workIds);
}
