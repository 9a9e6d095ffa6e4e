import { S4A_FIGURE_MAX, S4A_UPLOAD_MAX_BYTES, S4A_UPLOAD_MAX_DAYS } from '@lm/contracts/results';
import { CsvError, parse } from 'csv-parse/sync';
import { ValidationError } from '../../platform/errors';

/*
 * The Spotify for Artists exports we read, as the real files are (issue "Results"; the choices are in
 * docs/decisions.md "Results: reading Spotify for Artists exports"):
 *
 * - Song timeline, from a song's page ("<Song title>-timeline.csv"): header `date,streams`, rows such as
 *   `2025-02-14,92`. UTF-8 with a byte-order mark, LF line endings, ISO dates, plain integers.
 * - Audience timeline ("<Artist>-audience-timeline.csv"), two versions: the older
 *   `date,listeners,streams,followers` and the newer
 *   `date,listeners,monthly listeners,monthly active listeners,super listeners,streams,playlist adds,saves,followers`
 *   (column names with spaces). We keep listeners, streams, followers, saves and playlist adds.
 *
 * The format is recognised by the header (lowercased, trimmed, byte-order mark stripped, columns in
 * any order), never by the file name. What spreadsheets write when they re-save a file is accepted:
 * CRLF, quoted fields, `M/D/YYYY` or `D/M/YYYY` dates (the order decided by the file's dates as a whole,
 * a date that stays ambiguous is refused) and thousands separators in quoted figures ("1,234").
 */

/** One day of a song timeline. */
export interface SongDay {
  /** Calendar day, `YYYY-MM-DD` as the file wrote it. */
  day: string;
  streams: number;
}

/** One day of the artist's audience timeline; saves and playlist adds are null in the older export. */
export interface AudienceDay {
  day: string;
  listeners: number;
  streams: number;
  followers: number;
  saves: number | null;
  playlistAdds: number | null;
}

/** A read export: its format, its days in calendar order, and its first and last day. */
export type S4aExport = { firstDay: string; lastDay: string } & (
  | { format: 'song_timeline'; days: SongDay[] }
  | { format: 'audience_timeline'; version: 'four_columns' | 'nine_columns'; days: AudienceDay[] }
);

const SONG_COLUMNS = ['date', 'streams'];
const AUDIENCE_FOUR = ['date', 'listeners', 'streams', 'followers'];
const AUDIENCE_NINE = [
  'date',
  'listeners',
  'monthly listeners',
  'monthly active listeners',
  'super listeners',
  'streams',
  'playlist adds',
  'saves',
  'followers',
];
const HEADERS = [
  { columns: SONG_COLUMNS, format: 'song_timeline', version: null },
  { columns: AUDIENCE_FOUR, format: 'audience_timeline', version: 'four_columns' },
  { columns: AUDIENCE_NINE, format: 'audience_timeline', version: 'nine_columns' },
] as const;

/** The columns stored (`track_daily_streams`, `artist_daily_audience`); the others are only checked. */
const KEPT = new Set(['streams', 'listeners', 'followers', 'saves', 'playlist adds']);

type Params = Record<string, string | number>;

function refuse(key: string, params: Params = {}): never {
  throw new ValidationError({ file: [{ key: `results.csv.${key}`, params }] });
}

/** A cell's text for a message: at most 40 characters, control characters shown as spaces. */
function shown(value: string): string {
  const clean = value.replace(/[\p{Cc}\p{Cf}]/gu, ' ');
  return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
}

/**
 * The file's bytes as text, or a refusal: empty, too large, a spreadsheet workbook, binary, or not
 * UTF-8 (UTF-16, Latin-1 ...), naming the first line at fault. The byte-order mark is dropped.
 */
function decode(bytes: Uint8Array): string {
  if (bytes.length === 0) refuse('empty');
  if (bytes.length > S4A_UPLOAD_MAX_BYTES) refuse('too_large', { maximum: S4A_UPLOAD_MAX_BYTES / 1024 });
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  // xlsx (zip) and xls (OLE): the workbook itself instead of its CSV.
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0xd0, 0xcf, 0x11, 0xe0)) refuse('spreadsheet');
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) refuse('not_utf8', { line: 1 });
  let line = 1;
  for (const b of bytes) {
    if (b === 0x0a) line += 1;
    // Control bytes other than tab, LF and CR: an image, an archive, UTF-16 without its mark.
    else if (b < 0x20 && b !== 0x09 && b !== 0x0d) refuse('binary', { line });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let start = 0;
    line = 1;
    for (let i = 0; i <= bytes.length; i += 1) {
      if (i < bytes.length && bytes[i] !== 0x0a) continue;
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        refuse('not_utf8', { line });
      }
      start = i + 1;
      line += 1;
    }
    return refuse('not_utf8', { line: 1 });
  }
}

/** The records of the text with the line each ends on; a CSV the parser cannot read is refused. */
function records(text: string): { line: number; cells: string[] }[] {
  try {
    const rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return rows.map((r) => ({ line: r.info.lines, cells: r.record }));
  } catch (err) {
    if (err instanceof CsvError) {
      const e = err as CsvError & { lines?: number; index?: number };
      refuse('unreadable', { line: e.lines ?? 1, column: (e.index ?? 0) + 1 });
    }
    throw err;
  }
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** `YYYY-MM-DD` of a real calendar day between 2000 and 2099, else null. */
function calendarDay(year: number, month: number, day: number): string | null {
  if (year < 2000 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The order of the file's slash dates: month first (`M/D/YYYY`, US spreadsheets) when every slash date
 * reads so, else day first when every one reads so; `ambiguous` when both read (no first part and no
 * second part above 12, and some date where they differ).
 */
function slashOrder(dates: string[]): 'md' | 'dm' | 'ambiguous' {
  const slashes = dates.flatMap((d) => {
    const m = SLASH_DATE.exec(d);
    return m ? [[Number(m[1]), Number(m[2]), Number(m[3])] as const] : [];
  });
  const md = slashes.every(([a, b, y]) => calendarDay(y, a, b) !== null);
  const dm = slashes.every(([a, b, y]) => calendarDay(y, b, a) !== null);
  if (md && dm) return slashes.some(([a, b]) => a !== b) ? 'ambiguous' : 'md';
  return dm ? 'dm' : 'md';
}

/**
 * A whole figure of a day: plain digits, or digits grouped by commas as spreadsheets write them
 * ("1,234", quoted in the file); refused when empty, negative, not a whole number (a decimal, a
 * spreadsheet formula starting with `=`, `+`, `-` or `@`) or above `S4A_FIGURE_MAX`.
 */
function figure(cell: string, where: Params): number {
  if (cell === '') refuse('missing_cell', where);
  if (/^-\d[\d,]*$/.test(cell)) refuse('negative', { ...where, value: shown(cell) });
  let digits: string;
  if (/^\d+$/.test(cell)) digits = cell;
  else if (/^\d{1,3}(,\d{3})+$/.test(cell)) digits = cell.replaceAll(',', '');
  else return refuse('not_a_number', { ...where, value: shown(cell) });
  const value = Number(digits);
  if (value > S4A_FIGURE_MAX)
    refuse('figure_too_large', { ...where, value: shown(cell), maximum: S4A_FIGURE_MAX });
  return value;
}

/**
 * Reads a Spotify for Artists export (the song timeline or either audience timeline) from the uploaded
 * bytes, checking everything before anything is stored.
 *
 * @param bytes the file as uploaded (at most `S4A_UPLOAD_MAX_BYTES`)
 * @returns the format and the days in calendar order
 * @throws ValidationError (422) on the field `file` with a `results.csv.*` key naming the line and,
 *   for a cell, its column (number and header name): `empty`, `too_large`, `spreadsheet`, `binary`,
 *   `not_utf8`, `unreadable`, `unknown_header`, `no_days`, `too_many_days`, `extra_cell`,
 *   `missing_cell`, `bad_date`, `ambiguous_date`, `duplicate_date`, `not_a_number` (formula cells too),
 *   `negative`, `figure_too_large`
 */
export function parseS4aCsv(bytes: Uint8Array): S4aExport {
  const text = decode(bytes);
  const rows = records(text);
  const head = rows[0];
  if (!head) return refuse('empty');
  const names = head.cells.map((c) =>
    c
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  while (names.length > 1 && names.at(-1) === '') names.pop();
  const known = HEADERS.find(
    (h) =>
      h.columns.length === names.length &&
      new Set(names).size === names.length &&
      names.every((n) => (h.columns as readonly string[]).includes(n)),
  );
  if (!known) refuse('unknown_header', { line: head.line, found: shown(names.join(',')) });
  const body = rows.slice(1);
  if (body.length === 0) refuse('no_days', { line: head.line + 1 });
  if (body.length > S4A_UPLOAD_MAX_DAYS) {
    refuse('too_many_days', { line: body[S4A_UPLOAD_MAX_DAYS]!.line, maximum: S4A_UPLOAD_MAX_DAYS });
  }

  const col = (name: string) => names.indexOf(name);
  const dateCol = col('date');
  const order = slashOrder(body.map((r) => r.cells[dateCol] ?? ''));
  const seen = new Map<string, number>();
  const read = body.map(({ line, cells }) => {
    const extra = cells.findIndex((c, i) => i >= names.length && c !== '');
    if (extra >= 0) refuse('extra_cell', { line, column: extra + 1 });
    const at = (index: number) => ({ line, column: index + 1, name: names[index]! });
    const dateCell = cells[dateCol] ?? '';
    if (dateCell === '') refuse('missing_cell', at(dateCol));
    const iso = ISO_DATE.exec(dateCell);
    const slash = SLASH_DATE.exec(dateCell);
    let day: string | null = null;
    if (iso) day = calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    else if (slash) {
      const [a, b, y] = [Number(slash[1]), Number(slash[2]), Number(slash[3])];
      if (order === 'ambiguous' && a !== b)
        refuse('ambiguous_date', { ...at(dateCol), value: shown(dateCell) });
      day = order === 'dm' ? calendarDay(y, b, a) : calendarDay(y, a, b);
    }
    if (!day) return refuse('bad_date', { ...at(dateCol), value: shown(dateCell) });
    const first = seen.get(day);
    if (first !== undefined) refuse('duplicate_date', { ...at(dateCol), value: day, first });
    seen.set(day, line);
    const figures: Record<string, number> = {};
    names.forEach((name, index) => {
      const cell = cells[index] ?? '';
      // The columns not kept (monthly and super listeners) may be empty; a cell written is checked.
      if (index === dateCol || (cell === '' && !KEPT.has(name))) return;
      figures[name] = figure(cell, at(index));
    });
    return { day, figures };
  });
  read.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const span = { firstDay: read[0]!.day, lastDay: read.at(-1)!.day };
  if (known.format === 'song_timeline') {
    return {
      format: 'song_timeline',
      ...span,
      days: read.map((r) => ({ day: r.day, streams: r.figures.streams! })),
    };
  }
  return {
    format: 'audience_timeline',
    version: known.version,
    ...span,
    days: read.map(({ day, figures: f }) => ({
      day,
      listeners: f.listeners!,
      streams: f.streams!,
      followers: f.followers!,
      saves: f.saves ?? null,
      playlistAdds: f['playlist adds'] ?? null,
    })),
  };
}
