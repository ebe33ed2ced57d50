import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { WorkSort, WorkStyle } from '@shared/contract/works';
import { WORK_SORTS, WORK_STYLES } from '@shared/contract/works';
import type { ColourSwatchKey } from '@shared/rules/colour-swatch';
import { COLOUR_SWATCH_KEYS } from '@shared/rules/colour-swatch';

/** The /work view as the URL holds it, so a link reproduces it. */
export type WorkFilterState = {
  headerType?: 3 | 4;
  kid?: number;
  color?: ColourSwatchKey;
  style?: WorkStyle;
  seamless?: boolean;
  sort: WorkSort;
  page: number;
};

export type WorkFilterPatch = { [K in keyof WorkFilterState]?: WorkFilterState[K] | undefined };

const positive = (value: string | null): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

/** Reads the filters from query parameters; values that are not valid are ignored. */
export function parseWorkFilters(params: URLSearchParams): WorkFilterState {
  const headerType = params.get('headerType');
  const seamless = params.get('seamless');
  const state: WorkFilterState = {
    sort: oneOf(WORK_SORTS, params.get('sort')) ?? 'newest',
    page: positive(params.get('page')) ?? 1,
  };
  if (headerType === '3' || headerType === '4') state.headerType = Number(headerType) as 3 | 4;
  const kid = positive(params.get('kid'));
  if (kid !== undefined) state.kid = kid;
  const color = oneOf(COLOUR_SWATCH_KEYS, params.get('color'));
  if (color) state.color = color;
  const style = oneOf(WORK_STYLES, params.get('style'));
  if (style) state.style = style;
  if (seamless === '1' || seamless === '0') state.seamless = seamless === '1';
  return state;
}

/** Writes a patch into query parameters; defaults are left out and any other filter change returns to page 1. */
export function applyWorkFilterPatch(
  params: URLSearchParams,
  patch: WorkFilterPatch,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch) as [
    string,
    string | number | boolean | undefined,
  ][]) {
    if (value === undefined) next.delete(key);
    else if (typeof value === 'boolean') next.set(key, value ? '1' : '0');
    else next.set(key, String(value));
  }
  if (patch.sort === 'newest') next.delete('sort');
  if (!('page' in patch)) next.delete('page');
  if (patch.page === 1) next.delete('page');
  return next;
}

/** The filters of the current URL and a way to change them (each change is a history entry). */
export function useWorkFilters(): [WorkFilterState, (patch: WorkFilterPatch) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseWorkFilters(params), [params]);
  const update = useCallback(
    (patch: WorkFilterPatch) => setParams((current) => applyWorkFilterPatch(current, patch)),
    [setParams],
  );
  return [state, update];
}
