import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { paths } from '../config/paths';

// §2 "Search opens and closes; closing returns to the previous page or home." While a visitor stays
// in search (new keywords, filters, pages), the history state remembers the page search was opened from.

type PlaceLike = Pick<Location, 'pathname' | 'search' | 'state'>;
export type SearchOriginState = { searchFrom: string };

/** Search result pages: word search and the image-search pages under /search/. */
export const isSearchPage = (pathname: string): boolean => pathname.startsWith('/search/');

/** The page the current search was opened from, if the history state knows it. */
export function searchOrigin(location: PlaceLike): string | undefined {
  const state: unknown = location.state;
  if (state && typeof state === 'object' && 'searchFrom' in state) {
    const from = state.searchFrom;
    if (typeof from === 'string' && from.startsWith('/') && !isSearchPage(from)) return from;
  }
  return undefined;
}

/** History state for a navigation into search from `location` (kept while already searching). */
export function searchNavigationState(location: PlaceLike): SearchOriginState {
  if (isSearchPage(location.pathname)) return { searchFrom: searchOrigin(location) ?? paths.home };
  return { searchFrom: `${location.pathname}${location.search}` };
}

/** Opens word search for a keyword, remembering where the visitor came from. */
export function useOpenWordSearch(): (keyword: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (keyword: string) =>
      void navigate(paths.wordSearchFor(keyword), { state: searchNavigationState(location) }),
    [navigate, location],
  );
}

/** Closes search: back to the page it was opened from, else one step back in the app, else home. */
export function useCloseSearch(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const origin = searchOrigin(location);
    if (origin !== undefined) void navigate(origin);
    // 'default' is the first entry of this tab: there is no page of ours to go back to.
    else if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.home);
  }, [navigate, location]);
}
