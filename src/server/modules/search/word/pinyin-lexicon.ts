import { pinyin } from 'pinyin-pro';

// The index's words by their pinyin (花卉 → huahui) and initials (hh), so a buyer may type either,
// and a homophone typo (花会, 佩斯丽) finds the word it sounds like. Built once per term, as the
// index loads its terms (pinyin-pro reads polyphones in context: 条纹 tiaowen, 几何 jihe).

/** Only words of Han characters this long get pinyin (longer ones are phrases nobody types). */
const MIN_HAN = 2;
const MAX_HAN = 6;
const HAN_WORD = /^\p{Script=Han}+$/u;
const LATIN_WORD = /^[a-z]+$/;

/** Full pinyin without tones and spaces (ü as v, as keyboards type it) and the initials. */
export function pinyinKeys(text: string): { full: string; initials: string } {
  const syllables = pinyin(text, { toneType: 'none', type: 'array', v: true });
  return {
    full: syllables.join('').toLowerCase(),
    initials: syllables
      .map((s) => s.charAt(0))
      .join('')
      .toLowerCase(),
  };
}

export function isLatinWord(word: string): boolean {
  return LATIN_WORD.test(word);
}

/** Optimal string alignment distance capped at 2 (a swap of neighbours counts once). */
export function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return a === b;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (a.length === b.length) {
    if (restA.slice(1) === restB.slice(1)) return true; // one letter changed
    return restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2);
  }
  return a.length > b.length ? restA.slice(1) === restB : restB.slice(1) === restA;
}

export class PinyinLexicon {
  private readonly full = new Map<string, string[]>();
  private readonly initials = new Map<string, string[]>();
  private sortedKeys: string[] | null = null;

  add(term: string): void {
    const length = [...term].length;
    if (length < MIN_HAN || length > MAX_HAN || !HAN_WORD.test(term)) return;
    const keys = pinyinKeys(term);
    push(this.full, keys.full, term);
    push(this.initials, keys.initials, term);
    this.sortedKeys = null;
  }

  /** Words whose pinyin is exactly `letters` (huahui → 花卉). */
  byPinyin(letters: string): readonly string[] {
    return this.full.get(letters) ?? [];
  }

  /** Words whose initials are exactly `letters` (hh → 花卉, 黄褐…). */
  byInitials(letters: string): readonly string[] {
    return this.initials.get(letters) ?? [];
  }

  /** Pinyin keys one edit away from `letters` (huahiu → huahui); only for 4 letters or more. */
  nearPinyin(letters: string): string[] {
    if (letters.length < 4) return [];
    const found: string[] = [];
    for (const key of this.full.keys()) if (editDistanceAtMostOne(letters, key)) found.push(key);
    return found;
  }

  /** Words whose pinyin starts with `letters` (huah → 花卉…), for suggestions while typing. */
  startingWith(letters: string, limit: number): string[] {
    this.sortedKeys ??= [...this.full.keys()].sort();
    const keys = this.sortedKeys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] ?? '') < letters) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < keys.length && found.length < limit * 4; i += 1) {
      const key = keys[i] ?? '';
      if (!key.startsWith(letters)) break;
      found.push(...(this.full.get(key) ?? []));
    }
    return found;
  }
}

function push(map: Map<string, string[]>, key: string, term: string): void {
  const list = map.get(key);
  if (list) list.push(term);
  else map.set(key, [term]);
}
