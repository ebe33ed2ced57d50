import type { HighlightPart } from '@shared/contract/word-search';

/** A text with the parts the search matched marked. */
export function WordHighlight({ parts }: { parts: readonly HighlightPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.hit ? (
          <mark key={i} className="word-hit">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
