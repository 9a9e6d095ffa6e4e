/**
 * Words in a text, counted the same way by the API and both apps for every script: the text's
 * word-like segments under Unicode word boundaries (`Intl.Segmenter`, granularity `word`, a
 * language-neutral locale so a French reader and an Arabic server count alike). Punctuation, spaces
 * and emoji are not words; "aujourd'hui" and "12,5" are one each; Arabic words joined to their
 * article or preposition ("بالعالم") are one, as a reader sees them.
 */
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

export function countWords(text: string): number {
  let n = 0;
  for (const s of segmenter.segment(text)) if (s.isWordLike) n += 1;
  return n;
}

/** Longest written feedback of a decline, in characters. */
export const FEEDBACK_MAX_LENGTH = 2000;
