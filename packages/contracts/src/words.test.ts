import { describe, expect, it } from 'vitest';
import { countWords } from './words';

describe('countWords', () => {
  it.each([
    ['en', 'The mix is muddy in the low end and the vocal sits behind the drums.', 15],
    ['fr', "L'artiste n'a pas encore trouvé sa voix : le refrain arrive trop tard.", 12],
    ['de', 'Der Refrain kommt zu spät, und die Stimme geht im Mix unter.', 12],
    ['ar', 'الإيقاع جميل لكن الصوت منخفض جدًا مقارنة بالموسيقى، والمقدمة طويلة.', 10],
    ['tr', 'Şarkının girişi çok uzun, vokal ise davulların arkasında kalıyor.', 9],
  ])('counts %s words as a reader does', (_lang, text, n) => {
    expect(countWords(text)).toBe(n);
  });

  it('counts no punctuation, spaces or emoji as words', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  ... !!! — 🙂 ')).toBe(0);
    expect(countWords('one, two; three.')).toBe(3);
  });
});
