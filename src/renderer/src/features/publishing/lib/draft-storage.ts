import type { WorkFormValues } from './work-form-values';

// A local copy of what was typed in the publish form, so nothing is lost on a reload or a failed save.

const PREFIX = 'wenyang:publish-draft:';

export type LocalDraft = {
  values: WorkFormValues;
  /** When it was typed (ms). */
  savedAt: number;
  /** Whether the server has it too. */
  synced: boolean;
};

/** `new` holds a form without a file yet; a work's copy is keyed by its id. */
export type DraftKey = number | 'new';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export function readLocalDraft(key: DraftKey): LocalDraft | null {
  const raw = storage()?.getItem(`${PREFIX}${key}`);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    return value.values && typeof value.savedAt === 'number'
      ? { values: value.values, savedAt: value.savedAt, synced: value.synced === true }
      : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: DraftKey, draft: LocalDraft): void {
  try {
    storage()?.setItem(`${PREFIX}${key}`, JSON.stringify(draft));
  } catch {
    // A full or disabled storage only loses the local copy; the server save still runs.
  }
}

export function removeLocalDraft(key: DraftKey): void {
  storage()?.removeItem(`${PREFIX}${key}`);
}
