/**
 * CSV exports' cell rule (OWASP "CSV injection"): a spreadsheet runs a cell starting with `=`, `+`,
 * `-` or `@` (or a tab or carriage return before one) as a formula, so every exported cell that would
 * start so gets a leading apostrophe. Used through csv-stringify's `cast` by every export (scraping,
 * CRM, Fan Finder, results).
 */

/** A text cell a spreadsheet would run as a formula, with a leading apostrophe; any other unchanged. */
export const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * csv-stringify `cast` options that neutralise text and numbers alike (a negative number such as
 * `-12` starts with `-` too, and comes out `'-12`).
 */
export const safeCast = {
  string: safeCell,
  number: (value: number) => safeCell(String(value)),
} as const;
