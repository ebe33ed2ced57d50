import { create } from 'zustand';

/** §3/§6 Embedded-mode flags: when either is set, header, footer and side menu are hidden. */
type EmbedState = {
  saasParam: string | null;
  portalParam: string | null;
  /** Batch mode hides the user side menu too (§2 user layout). */
  batchMode: boolean;
  setFromSearch: (search: string) => void;
};

const STORAGE_KEY = 'wenyang.embed';

function readStored(): Pick<EmbedState, 'saasParam' | 'portalParam'> {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object') {
        const o = parsed as Record<string, unknown>;
        return {
          saasParam: typeof o.saasParam === 'string' ? o.saasParam : null,
          portalParam: typeof o.portalParam === 'string' ? o.portalParam : null,
        };
      }
    }
  } catch {
    // Storage can be unavailable (privacy mode); embedded flags then live only in memory.
  }
  return { saasParam: null, portalParam: null };
}

export const useEmbedStore = create<EmbedState>((set, get) => ({
  ...readStored(),
  batchMode: false,
  setFromSearch: (search) => {
    const params = new URLSearchParams(search);
    const saasParam = params.get('saasParam') ?? get().saasParam;
    const portalParam = params.get('portalParam') ?? get().portalParam;
    const batchMode = params.get('batch') === '1';
    set({ saasParam, portalParam, batchMode });
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ saasParam, portalParam }));
    } catch {
      // See readStored.
    }
  },
}));

export const selectEmbedded = (s: EmbedState): boolean => Boolean(s.saasParam || s.portalParam);
