import { describe, expect, it } from 'vitest';
import { idOfHtml, timeLeft } from './demand-format';

describe('demand formatting', () => {
  const now = Date.parse('2026-11-24T00:00:00Z');
  it('says how long an open demand still takes manuscripts', () => {
    expect(
      timeLeft({ state: 'open', stateName: '征集中', deadline: '2026-11-27T06:00:00Z' }, now),
    ).toBe('剩 3 天');
    expect(
      timeLeft({ state: 'open', stateName: '征集中', deadline: '2026-11-24T04:30:00Z' }, now),
    ).toBe('剩 5 小时');
    expect(
      timeLeft({ state: 'open', stateName: '征集中', deadline: '2026-11-23T00:00:00Z' }, now),
    ).toBe('已截止');
    expect(
      timeLeft({ state: 'completed', stateName: '已完成', deadline: '2026-12-01T00:00:00Z' }, now),
    ).toBe('已完成');
  });
  it('reads the id of a {id}.html segment and nothing else', () => {
    expect(idOfHtml('42.html')).toBe(42);
    expect(idOfHtml('42')).toBeNaN();
    expect(idOfHtml(undefined)).toBeNaN();
  });
});
