import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { WorkSort, WorkStyle } from '@shared/contract/works';
import { WORK_SORTS, WORK_STYLES } from '@shared/contract/works';
import type { ColourSwatchKey } from '@shared/rules/colour-swatch';
import { COLOUR_SWATCH_KEYS } from '@shared/rules/colour-swatch';

/**
 * The word-search view as the URL holds it: `keyword` plus the /work filter names (kid, color,
 * style, seamless 1|0, sort, page). No `sort` means relevance (综合).
 */
export type WordSearchState = {
  keyword: string;
  kid?: number;
  color?: ColourSwatchKey;
  style?: WorkStyle;
  seamless?: boolean;
  sort?: WorkSort;
  page: number;
};

export type WordSearchPatch = { [K in keyof WordSearchState]?: WordSearchState[K] | undefined };

const positive = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

/** Reads the view from query parameters; values that are not valid are ignored. */
export function parseWordSearch(params: URLSearchParams): WordSearchState {
  const state: WordSearchState = {
    keyword: params.get('keyword') ?? '',
    page: positive(params.get('page')) ?? 1,
  };
  const kid = positive(params.get('kid'));
  if (kid !== undefined) state.kid = kid;
  const color = oneOf(COLOUR_SWATCH_KEYS, params.get('color'));
  if (color) state.color = color;
  const style = oneOf(WORK_STYLES, params.get('style'));
  if (style) state.style = style;
  const seamless = params.get('seamless');
  if (seamless === '1' || seamless === '0') state.seamless = seamless === '1';
  const sort = oneOf(WORK_SORTS, params.get('sort'));
  if (sort) state.sort = sort;
  return state;
}

/** Writes a patch into query parameters; any change but the page returns to page 1. */
export function applyWordSearchPatch(
  params: URLSearchParams,
  patch: WordSearchPatch,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const entries = Object.entries(patch) as [keyof WordSearchState, string | number | boolean][];
  for (const [key, value] of entries) {
    if (value === undefined || value === '') next.delete(key);
    else if (typeof value === 'boolean') next.set(key, value ? '1' : '0');
    else next.set(key, String(value));
  }
  if (!('page' in patch) || patch.page === 1) next.delete('page');
  return next;
}

/** Whether any filter (not the keyword, sort or page) narrows the results. */
export const hasWordSearchFilters = (state: WordSearchState): boolean =>
  state.kid !== undefined ||
  state.color !== undefined ||
  state.style !== undefined ||
  state.seamless !== undefined;

/** The view of the current URL and a way to change it (each change is a history entry). */
export function useWordSearchParams(): [WordSearchState, (patch: WordSearchPatch) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const historyState: unknown = location.state;
  const state = useMemo(() => parseWordSearch(params), [params]);
  const update = useCallback(
    (patch: WordSearchPatch) =>
      // Keep the history state: it remembers where the search was opened from.
      setParams((current) => applyWordSearchPatch(current, patch), { state: historyState }),
    [setParams, historyState],
  );
  return [state, update];
}
