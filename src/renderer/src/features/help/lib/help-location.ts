import type { HelpAudience, HelpCategory } from '@shared/contract/help';
import { paths } from '../../../config/paths';

// Where a help page is (docs/help.md): buyers /help/{category alias}/{article id}; designers
// /helpCenter/{category alias}?id={article id} (the category's first article without an id);
// either home takes ?keyword= for a search.

export const HELP_HOME: Record<HelpAudience, string> = {
  buyer: paths.help,
  designer: paths.helpCenter,
};

export const HELP_TITLE: Record<HelpAudience, string> = {
  buyer: '帮助中心',
  designer: '设计师帮助中心',
};

export function helpArticleHref(audience: HelpAudience, alias: string, id: number): string {
  return audience === 'buyer' ? paths.helpPage(alias, id) : paths.helpCenterPage(alias, id);
}

export function helpSearchHref(audience: HelpAudience, keyword: string): string {
  return `${HELP_HOME[audience]}?keyword=${encodeURIComponent(keyword)}`;
}

/** Which audience a path belongs to, or null when it is not a help page. */
export function helpAudienceOf(pathname: string): HelpAudience | null {
  if (pathname === paths.helpCenter || pathname.startsWith(`${paths.helpCenter}/`)) {
    return 'designer';
  }
  if (pathname === paths.help || pathname.startsWith(`${paths.help}/`)) return 'buyer';
  return null;
}

export type HelpPlace = { alias?: string; articleId?: number };

/** The category and article a help address names (the article id may be absent). */
export function helpPlaceOf(pathname: string, search: string): HelpPlace {
  const buyer = /^\/help\/([^/]+)\/(\d+)$/.exec(pathname);
  if (buyer) return { alias: buyer[1], articleId: Number(buyer[2]) };
  const designer = /^\/helpCenter\/([^/]+)$/.exec(pathname);
  if (designer) {
    const id = new URLSearchParams(search).get('id');
    return { alias: designer[1], ...(id && /^\d+$/.test(id) ? { articleId: Number(id) } : {}) };
  }
  return {};
}

/** The article to show: the one named, else the first of the named category. */
export function articleToShow(place: HelpPlace, categories: readonly HelpCategory[]) {
  if (place.articleId !== undefined) return place.articleId;
  if (place.alias === undefined) return undefined;
  return categories.find((c) => c.alias === place.alias)?.articles[0]?.id;
}
