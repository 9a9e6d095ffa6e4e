/**
 * The lines of a CSV export as the apps download it: the UTF-8 byte order mark the exports start with
 * (so spreadsheets read them as UTF-8) dropped, and the trailing line break.
 */
export function csvLines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
}
