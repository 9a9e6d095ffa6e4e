/**
 * Bank details of a withdrawal account:
 * the message of a value in the wrong format names the format, from the field Wise requires (its key,
 * regular expression and example). Shared by the API (422 under `details.<key>`) and the withdrawal
 * form (under the field, before sending), so both say the same.
 */

/** The parts of a Wise requirement field the format message is built from. */
export interface BankFieldRule {
  key: string;
  example: string | null;
  pattern: string | null;
  minLength: number | null;
  maxLength: number | null;
}

/** A message key of the shared catalog and its parameters. */
export interface BankFormatMessage {
  key: string;
  params: Record<string, string | number>;
}

/** Examples the messages show for the well-known fields (a real-looking UK IBAN, sort code, BIC). */
export const BANK_EXAMPLES = {
  iban: 'GB29 NWBK 6016 1331 9268 19',
  sortCode: '40-47-84',
  swift: 'NWBKGB2L',
} as const;

const kindOf = (key: string): 'iban' | 'sort_code' | 'swift' | null => {
  if (/iban/i.test(key)) return 'iban';
  if (/sort_?code/i.test(key)) return 'sort_code';
  if (/swift|bic/i.test(key)) return 'swift';
  return null;
};

/**
 * A bank value as the checks read it: spaces are dropped from IBANs, BICs, sort codes and account
 * numbers (people copy them in groups, "GB29 NWBK ..."), and IBANs and BICs are upper-cased. Other
 * fields (names, addresses) are only trimmed.
 */
export function normalizeBankValue(key: string, value: string): string {
  const v = value.trim();
  const kind = kindOf(key);
  if (kind === 'iban' || kind === 'swift') return v.replace(/\s+/g, '').toUpperCase();
  if (kind === 'sort_code' || /account_?number|abartn|routing/i.test(key)) return v.replace(/\s+/g, '');
  return v;
}

const DIGITS_EXACT = /^\^(?:\[0-9\]|\\d)\{(\d+)\}\$$/;
const DIGITS_RANGE = /^\^(?:\[0-9\]|\\d)\{(\d+),(\d+)\}\$$/;

/**
 * The message for a value of `field` that is not in its format: IBAN, UK sort code and SWIFT/BIC by
 * name with an example; digits-only fields by their count ("8 digits", "4 to 17 digits"); any other
 * field with Wise's example when it gives one, else the plain `payouts.field_invalid`.
 */
export function bankFormatMessage(field: BankFieldRule): BankFormatMessage {
  const kind = kindOf(field.key);
  if (kind === 'iban') return { key: 'payouts.format.iban', params: { example: BANK_EXAMPLES.iban } };
  if (kind === 'sort_code')
    return { key: 'payouts.format.sort_code', params: { example: BANK_EXAMPLES.sortCode } };
  if (kind === 'swift') return { key: 'payouts.format.swift', params: { example: BANK_EXAMPLES.swift } };
  const example = field.example ?? '';
  const exact = field.pattern ? DIGITS_EXACT.exec(field.pattern) : null;
  if (exact) return { key: 'payouts.format.digits', params: { count: Number(exact[1]), example } };
  const range = field.pattern ? DIGITS_RANGE.exec(field.pattern) : null;
  if (range)
    return {
      key: 'payouts.format.digits_range',
      params: { min: Number(range[1]), max: Number(range[2]), example },
    };
  if (example) return { key: 'payouts.format.example', params: { example } };
  return { key: 'payouts.field_invalid', params: {} };
}
