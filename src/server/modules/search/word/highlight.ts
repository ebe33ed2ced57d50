import type { HighlightPart } from '@shared/contract/word-search';

/**
 * Cuts a text into parts, marking every occurrence of any of the words (case- and width-insensitive).
 * Longer words win where occurrences overlap.
 */
export function highlightParts(text: string, words: readonly string[]): HighlightPart[] {
  if (!text) return [];
  // Compare on a folded copy; NFKC can change a text's length, and then only case is folded.
  const nfkc = text.normalize('NFKC').toLowerCase();
  const folded = nfkc.length === text.length ? nfkc : text.toLowerCase();
  const hit = new Array<boolean>(text.length).fill(false);
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    if (!word) continue;
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + word.length)) {
      for (let i = at; i < at + word.length; i += 1) hit[i] = true;
    }
  }
  const parts: HighlightPart[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i += 1) {
    if (i === text.length || hit[i] !== hit[start]) {
      parts.push({ text: text.slice(start, i), hit: hit[start] ?? false });
      start = i;
    }
  }
  return parts;
}
