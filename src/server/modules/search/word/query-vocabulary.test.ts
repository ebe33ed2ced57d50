import { describe, expect, it } from 'vitest';
import { MARKET_TAG_GROUPS } from '@shared/contract/publishing';
import { USE_TAGS } from '../../../db/seed/demo-catalogue';
import { MOOD_WORDS } from './query-vocabulary';

describe('mood words', () => {
  it('are the season and style market tags designers add with one click', () => {
    const offered = MARKET_TAG_GROUPS.filter((g) => g.title === '季节' || g.title === '风格倾向');
    expect(offered).toHaveLength(2);
    expect([...MOOD_WORDS].sort()).toEqual(offered.flatMap((g) => [...g.tags]).sort());
    expect(MOOD_WORDS.has('四季通用')).toBe(true);
    // Markets and audiences are not moods: 童装 is a use, found as a category or a tag.
    expect(MOOD_WORDS.has('童装')).toBe(false);
  });

  it('cover every mood the demo catalogue tags its works with', () => {
    expect(USE_TAGS.filter((tag) => !MOOD_WORDS.has(tag))).toEqual([]);
  });
});
