import { describe, expect, it } from 'vitest';
import { latestEntries } from './perf-map';

describe('latestEntries (bench/perf-map.ts)', () => {
  it('keeps the latest of overlapping entries and every entry that overlaps none', () => {
    const map = [
      '1000 100 JS:*old file:///a.js:1:1', // replaced: 1080 overlaps it
      '2000 10 JS:*kept file:///b.js:1:1',
      '1080 40 JS:*new file:///c.js:1:1',
      '3000 20 JS:*also old',
      '3010 20 JS:*also new',
      'not a line',
    ].join('\n');
    expect(latestEntries(map).map((e) => e.name)).toEqual([
      'JS:*new file:///c.js:1:1',
      'JS:*kept file:///b.js:1:1',
      'JS:*also new',
    ]);
  });

  it('keeps adjacent entries that only touch', () => {
    expect(latestEntries('100 10 a\n110 10 b').map((e) => e.name)).toEqual(['a', 'b']);
  });
});
