import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_DOWNLOAD_NAME_RULE, isDownloadNameRule } from '@shared/rules/download-name';
import type { DownloadNameRule } from '@shared/rules/download-name';

// In the browser, where the browser itself chooses the folder: how licensed originals are named,
// kept in localStorage on this computer. The desktop keeps its settings in the main process.

type DownloadNameState = {
  nameRule: DownloadNameRule;
  setNameRule: (rule: DownloadNameRule) => void;
  reset: () => void;
};

export const DOWNLOAD_NAME_STORAGE_KEY = 'wenyang.download-name';

export const useDownloadNameStore = create<DownloadNameState>()(
  persist(
    (set) => ({
      nameRule: DEFAULT_DOWNLOAD_NAME_RULE,
      setNameRule: (nameRule) => set({ nameRule }),
      reset: () => set({ nameRule: DEFAULT_DOWNLOAD_NAME_RULE }),
    }),
    {
      name: DOWNLOAD_NAME_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ nameRule: s.nameRule }),
      // A value another version (or a hand edit) left behind falls back to the default.
      merge: (persisted, current) => {
        const rule = (persisted as { nameRule?: unknown } | undefined)?.nameRule;
        return { ...current, nameRule: isDownloadNameRule(rule) ? rule : current.nameRule };
      },
    },
  ),
);
