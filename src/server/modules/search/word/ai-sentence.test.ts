import { describe, expect, it } from 'vitest';
import { understandSentence } from './ai-sentence';

describe('understandSentence (AI search)', () => {
  it('turns a colour and a style into filters and keeps the rest as words', () => {
    expect(understandSentence('蓝色小碎花 适合童装')).toEqual({
      color: 'blue',
      style: 'floral',
      rest: '适合童装',
      labels: ['颜色：蓝', '风格：花卉'],
    });
  });

  it('knows colour words beyond the swatch names, longest first', () => {
    expect(understandSentence('藏青格子衬衫')).toMatchObject({
      color: 'blue',
      style: 'checks',
      rest: '衬衫',
    });
    expect(understandSentence('米色 波点')).toMatchObject({
      color: 'white',
      style: 'dots',
      rest: '',
    });
  });

  it('leaves a sentence without colour or style as it is', () => {
    expect(understandSentence('  童装 面料 ')).toEqual({ rest: '童装 面料', labels: [] });
  });
});
