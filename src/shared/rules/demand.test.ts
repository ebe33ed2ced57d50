import { describe, expect, it } from 'vitest';
import {
  DEMAND_MSG,
  checkDemandDraft,
  demandFilterSegment,
  demandSortSegment,
  parseDemandListSegment,
} from './demand';

const ok = {
  title: '婴童家纺小碎花',
  description: '用于婴儿床品，柔和配色，四方连续。',
  kid: 1,
  type: 1,
  rewardFen: 50_000,
  quota: 2,
  days: 14,
};

describe('demand rules', () => {
  it('accepts a good draft and names the first problem of a bad one', () => {
    expect(checkDemandDraft(ok)).toBeNull();
    expect(checkDemandDraft({ ...ok, title: '碎花' })).toBe(DEMAND_MSG.titleLength);
    expect(checkDemandDraft({ ...ok, kid: 0 })).toBe(DEMAND_MSG.categoryMissing);
    expect(checkDemandDraft({ ...ok, type: 4 })).toBe(DEMAND_MSG.typeMissing);
    expect(checkDemandDraft({ ...ok, description: '太短' })).toBe(DEMAND_MSG.descriptionLength);
    expect(checkDemandDraft({ ...ok, rewardFen: 9_900 })).toBe(DEMAND_MSG.rewardRange);
    expect(checkDemandDraft({ ...ok, rewardFen: 10_050 })).toBe(DEMAND_MSG.rewardRange);
    expect(checkDemandDraft({ ...ok, quota: 11 })).toBe(DEMAND_MSG.quotaRange);
    expect(checkDemandDraft({ ...ok, days: 2 })).toBe(DEMAND_MSG.daysRange);
  });

  it('reads and writes both list segments of the spec', () => {
    const sorted = parseDemandListSegment('list-s1-a0-e1-p3');
    expect(sorted).toMatchObject({ sort: 1, addSort: 0, endSort: 1, page: 3, kid: 0 });
    expect(demandSortSegment(sorted)).toBe('list-s1-a0-e1-p3');
    const filtered = parseDemandListSegment('list-f12-m2-t1-p2');
    expect(filtered).toMatchObject({ kid: 12, type: 2, time: 1, page: 2, sort: 0 });
    expect(demandFilterSegment(filtered)).toBe('list-f12-m2-t1-p2');
    expect(parseDemandListSegment('list-f1-m9-t9-p0')).toMatchObject({ type: 0, time: 0, page: 1 });
    expect(parseDemandListSegment(undefined)).toMatchObject({ page: 1, kid: 0 });
  });
});
