import { S4A_FIGURE_MAX, S4A_UPLOAD_MAX_BYTES, S4A_UPLOAD_MAX_DAYS } from '@lm/contracts/results';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../platform/errors';
import { parseS4aCsv } from './s4a-csv';

const BOM = '\uFEFF';
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** The refusal of `bytes`: its message key and parameters (the parser must refuse). */
function refusal(bytes: Uint8Array): { key: string; params?: Record<string, unknown> } {
  try {
    parseS4aCsv(bytes);
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    const first = (err as ValidationError).options.errors?.file?.[0];
    if (!first || typeof first === 'string') throw new Error('expected a key with parameters');
    return first;
  }
  throw new Error('the file was accepted');
}

/** `n` consecutive ISO days from `from`. */
function days(from: string, n: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

describe('the song timeline', () => {
  it('reads the real export: BOM, LF, ISO dates, plain integers', () => {
    const parsed = parseS4aCsv(utf8(`${BOM}date,streams\n2025-02-14,92\n2025-02-15,101\n2025-02-16,0\n`));
    expect(parsed).toEqual({
      format: 'song_timeline',
      firstDay: '2025-02-14',
      lastDay: '2025-02-16',
      days: [
        { day: '2025-02-14', streams: 92 },
        { day: '2025-02-15', streams: 101 },
        { day: '2025-02-16', streams: 0 },
      ],
    });
  });

  it('reads what a spreadsheet writes back: CRLF, quoted fields, thousands separators, M/D/YYYY', () => {
    const parsed = parseS4aCsv(
      utf8('"Date","Streams"\r\n2/14/2025,"1,234"\r\n"2/15/2025",92\r\n2/16/2025,"12,345,678"\r\n'),
    );
    expect(parsed.days).toEqual([
      { day: '2025-02-14', streams: 1234 },
      { day: '2025-02-15', streams: 92 },
      { day: '2025-02-16', streams: 12_345_678 },
    ]);
  });

  it('reads day-first dates when the file’s dates say so, and sorts the days', () => {
    const parsed = parseS4aCsv(utf8('date,streams\n14/2/2025,5\n3/2/2025,7\n'));
    expect(parsed.days).toEqual([
      { day: '2025-02-03', streams: 7 },
      { day: '2025-02-14', streams: 5 },
    ]);
    expect([parsed.firstDay, parsed.lastDay]).toEqual(['2025-02-03', '2025-02-14']);
  });

  it('refuses slash dates the file leaves ambiguous (month/day or day/month), naming line and column', () => {
    expect(refusal(utf8('date,streams\n1/1/2025,5\n2/3/2025,7\n'))).toEqual({
      key: 'results.csv.ambiguous_date',
      params: { line: 3, column: 1, name: 'date', value: '2/3/2025' },
    });
  });

  it('recognises the format by its header, not the name, in any column order, ignoring blank lines', () => {
    const parsed = parseS4aCsv(utf8('  STREAMS , Date \n\n5,2025-01-01\n,,\n'));
    expect(parsed.days).toEqual([{ day: '2025-01-01', streams: 5 }]);
  });
});

describe('the audience timeline', () => {
  it('reads the older four-column export (no saves, no playlist adds)', () => {
    const parsed = parseS4aCsv(
      utf8(`${BOM}date,listeners,streams,followers\n2024-03-01,120,310,45\n2024-03-02,98,250,46\n`),
    );
    expect(parsed).toMatchObject({ format: 'audience_timeline', version: 'four_columns' });
    expect(parsed.days[0]).toEqual({
      day: '2024-03-01',
      listeners: 120,
      streams: 310,
      followers: 45,
      saves: null,
      playlistAdds: null,
    });
  });

  it('reads the newer nine-column export, keeping listeners, streams, followers, saves and playlist adds', () => {
    const parsed = parseS4aCsv(
      utf8(
        `${BOM}date,listeners,monthly listeners,monthly active listeners,super listeners,streams,playlist adds,saves,followers\n` +
          '2025-05-01,140,2300,900,12,420,6,31,512\n2025-05-02,150,2310,,,460,4,28,515\n',
      ),
    );
    expect(parsed).toMatchObject({ format: 'audience_timeline', version: 'nine_columns' });
    expect(parsed.days).toEqual([
      { day: '2025-05-01', listeners: 140, streams: 420, followers: 512, saves: 31, playlistAdds: 6 },
      { day: '2025-05-02', listeners: 150, streams: 460, followers: 515, saves: 28, playlistAdds: 4 },
    ]);
  });
});

describe('refusals name the line and the column', () => {
  const cases: [string, string, string, Record<string, unknown>][] = [
    [
      'a bad date',
      'date,streams\n2025-01-01,4\n2025-02-30,5\n',
      'bad_date',
      { line: 3, column: 1, value: '2025-02-30' },
    ],
    ['a date in words', 'date,streams\nFeb 14 2025,5\n', 'bad_date', { line: 2, column: 1 }],
    [
      'a negative figure',
      'date,streams\n2025-01-01,-5\n',
      'negative',
      { line: 2, column: 2, name: 'streams' },
    ],
    ['a decimal', 'date,streams\n2025-01-01,5.5\n', 'not_a_number', { line: 2, column: 2, value: '5.5' }],
    ['a word', 'date,streams\n2025-01-01,many\n', 'not_a_number', { line: 2, column: 2 }],
    ['a badly grouped figure', 'date,streams\n2025-01-01,"12,34"\n', 'not_a_number', { line: 2, column: 2 }],
    [
      'a figure over the maximum',
      `date,streams\n2025-01-01,${S4A_FIGURE_MAX + 1}\n`,
      'figure_too_large',
      { line: 2, column: 2, maximum: S4A_FIGURE_MAX },
    ],
    [
      'a missing cell',
      'date,listeners,streams,followers\n2025-01-01,4,5\n',
      'missing_cell',
      { line: 2, column: 4, name: 'followers' },
    ],
    ['an empty date', 'date,streams\n,5\n', 'missing_cell', { line: 2, column: 1, name: 'date' }],
    ['an extra cell', 'date,streams\n2025-01-01,5,7\n', 'extra_cell', { line: 2, column: 3 }],
    [
      'a duplicated date',
      'date,streams\n2025-01-01,5\n2025-01-02,6\n1/1/2025,7\n',
      'duplicate_date',
      { line: 4, column: 1, value: '2025-01-01', first: 2 },
    ],
    ['an unclosed quote', 'date,streams\n2025-01-01,"5\n', 'unreadable', { line: 2 }],
  ];
  it.each(cases)('%s', (_, text, key, params) => {
    const got = refusal(utf8(text));
    expect(got.key).toBe(`results.csv.${key}`);
    expect(got.params).toMatchObject(params);
  });

  it('refuses an unknown header, naming what it found', () => {
    expect(refusal(utf8('date,plays\n2025-01-01,5\n'))).toEqual({
      key: 'results.csv.unknown_header',
      params: { line: 1, found: 'date,plays' },
    });
    // Semicolons (a European spreadsheet) are not the export either.
    expect(refusal(utf8('date;streams\n2025-01-01;5\n')).key).toBe('results.csv.unknown_header');
  });

  it('refuses the first line past the most days one file may hold', () => {
    const text = `date,streams\n${days('2010-01-01', S4A_UPLOAD_MAX_DAYS + 1)
      .map((d) => `${d},1`)
      .join('\n')}\n`;
    expect(refusal(utf8(text))).toEqual({
      key: 'results.csv.too_many_days',
      params: { line: S4A_UPLOAD_MAX_DAYS + 2, maximum: S4A_UPLOAD_MAX_DAYS },
    });
    const most = `date,streams\n${days('2010-01-01', S4A_UPLOAD_MAX_DAYS)
      .map((d) => `${d},1`)
      .join('\n')}\n`;
    expect(parseS4aCsv(utf8(most)).days).toHaveLength(S4A_UPLOAD_MAX_DAYS);
  });
});

describe('files that are not an export', () => {
  it('refuses an empty file, a BOM alone, blank lines and a header without days', () => {
    expect(refusal(Buffer.alloc(0)).key).toBe('results.csv.empty');
    expect(refusal(utf8(BOM)).key).toBe('results.csv.empty');
    expect(refusal(utf8('\n\r\n\n')).key).toBe('results.csv.empty');
    expect(refusal(utf8(`${BOM}date,streams\n`))).toEqual({
      key: 'results.csv.no_days',
      params: { line: 2 },
    });
  });

  it('refuses a file over the size limit before reading it', () => {
    const huge = Buffer.alloc(S4A_UPLOAD_MAX_BYTES + 1, 'date,streams\n');
    expect(refusal(huge)).toEqual({ key: 'results.csv.too_large', params: { maximum: 1024 } });
  });

  it('refuses UTF-16 (with its mark) and Latin-1 bytes as not UTF-8, naming the line', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('date,streams\n', 'utf16le')]);
    expect(refusal(utf16)).toEqual({ key: 'results.csv.not_utf8', params: { line: 1 } });
    const latin1 = Buffer.from('date,streams\n2025-01-01,5\n2025-01-02,caf\u00e9\n', 'latin1');
    expect(refusal(latin1)).toEqual({ key: 'results.csv.not_utf8', params: { line: 3 } });
  });

  it('refuses binary files and spreadsheet workbooks', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(refusal(png)).toEqual({ key: 'results.csv.binary', params: { line: 2 } });
    expect(refusal(Buffer.from('date,streams\n2025-01-01,\u0000\n'))).toEqual({
      key: 'results.csv.binary',
      params: { line: 2 },
    });
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
    expect(refusal(xlsx).key).toBe('results.csv.spreadsheet');
  });

  it('refuses formula cells as not a number, in kept and ignored columns alike', () => {
    for (const cell of ['=1+1', '+5', '-2+3', '@SUM(A1)', '"=HYPERLINK(""http://x"",""y"")"', '" =1"']) {
      const got = refusal(utf8(`date,streams\n2025-01-01,${cell}\n`));
      expect(got.key, cell).toBe('results.csv.not_a_number');
      expect(got.params).toMatchObject({ line: 2, column: 2 });
    }
    const nine =
      'date,listeners,monthly listeners,monthly active listeners,super listeners,streams,playlist adds,saves,followers\n' +
      '2025-05-01,140,=cmd|/C calc!A0,900,12,420,6,31,512\n';
    expect(refusal(utf8(nine))).toMatchObject({
      key: 'results.csv.not_a_number',
      params: { line: 2, column: 3, name: 'monthly listeners' },
    });
    // A formula in the date column is a bad date.
    expect(refusal(utf8('date,streams\n=TODAY(),5\n')).key).toBe('results.csv.bad_date');
  });
});
