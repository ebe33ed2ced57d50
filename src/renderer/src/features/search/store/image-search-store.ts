import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SearchImage, SearchRegion } from '@shared/contract/image-search';

// §3 "Search image (kept for the session): name, url, copyUrl" and how the visitor narrowed the
// search, kept in sessionStorage: a reload or a visit to a work and back finds the same results.

export type ImageSearchOptions = {
  ignoreColor: boolean;
  /** 框选区域 in fractions of the image; none = the whole image. */
  region?: SearchRegion;
  /** The chosen category tab (vectorSearchMergeCategory id); none = 全部. */
  categoryId?: number;
};

type ImageSearchState = {
  image: SearchImage | null;
  options: ImageSearchOptions;
  /** A new search image: the region and category belong to the old one, 忽略颜色 stays. */
  setImage: (image: SearchImage) => void;
  setOptions: (patch: Partial<ImageSearchOptions>) => void;
  clear: () => void;
};

export const IMAGE_SEARCH_STORAGE_KEY = 'wenyang.image-search';

export const useImageSearchStore = create<ImageSearchState>()(
  persist(
    (set) => ({
      image: null,
      options: { ignoreColor: false },
      setImage: (image) => set((s) => ({ image, options: { ignoreColor: s.options.ignoreColor } })),
      setOptions: (patch) => set((s) => ({ options: { ...s.options, ...patch } })),
      clear: () => set({ image: null, options: { ignoreColor: false } }),
    }),
    {
      name: IMAGE_SEARCH_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ image: s.image, options: s.options }),
    },
  ),
);
