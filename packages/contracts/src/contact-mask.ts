import { type CountryCode, findPhoneNumbersInText } from 'libphonenumber-js/max';

/**
 * Contact details typed into a campaign message (an artist and a curator or creator talking): e-mail
 * addresses and phone numbers are replaced by this neutral token before the message is stored (the
 * original is not kept: contact off the platform is how a marketplace loses its escrow). The apps show
 * the token as a translated marker in the reader's language (`express.messages.contact_removed`).
 * Not exported by the package's index: only the API loads the phone metadata it needs.
 */
export const CONTACT_REMOVED = '[contact removed]';

/*
 * E-mail addresses, with the usual disguises: spaces around "@", "(at)" / "[at]" / " at ",
 * "(dot)" / "[dot]" / " dot " (and "point", "punkt", "nokta": the apps' languages). A spelled-out
 * "at" needs a spelled-out or tight dot after it ("name at gmail dot com", "name at gmail.com"), so a
 * sentence such as "I'm at home. Call me" is not an address.
 */
const OPEN = String.raw`[(\[{<]`;
const CLOSE = String.raw`[)\]}>]`;
const AT_SIGN = String.raw`(?:\s*[@＠]\s*|\s*${OPEN}\s*(?:at|@|arobase)\s*${CLOSE}\s*)`;
const AT_WORD = String.raw`(?:\s+(?:at|arobase)\s+)`;
const DOT_WORD = String.raw`(?:\s*${OPEN}\s*(?:dot|\.|point|punkt|nokta)\s*${CLOSE}\s*|\s+(?:dot|point|punkt|nokta)\s+)`;
const DOT_LOOSE = String.raw`(?:\s?\.\s?|${DOT_WORD})`;
const DOT_TIGHT = String.raw`(?:\.|${DOT_WORD})`;
const LOCAL = String.raw`[\p{L}\p{N}][\p{L}\p{N}._%+-]*`;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
const TLD = String.raw`\p{L}{2,24}`;
const EMAIL_PATTERNS = [
  new RegExp(
    String.raw`${LOCAL}${AT_SIGN}${LABEL}(?:${DOT_LOOSE}${LABEL})*${DOT_LOOSE}${TLD}(?![\p{L}\p{N}])`,
    'giu',
  ),
  new RegExp(
    String.raw`${LOCAL}${AT_WORD}\p{L}[\p{L}\p{N}-]*(?:${DOT_TIGHT}${LABEL})*${DOT_TIGHT}${TLD}(?![\p{L}\p{N}@＠.])`,
    'giu',
  ),
];

/**
 * Countries whose national formats (without the international prefix) are looked for: the
 * marketplace's languages' countries and its largest markets. A number typed with "+" or "00" is
 * found whatever its country.
 */
const NATIONAL_FORMATS: readonly CountryCode[] = [
  'US',
  'GB',
  'FR',
  'DE',
  'TR',
  'SA',
  'AE',
  'EG',
  'MA',
  'DZ',
  'TN',
  'JO',
  'LB',
  'ES',
  'IT',
  'NL',
  'BE',
  'CH',
  'AT',
  'BR',
  'MX',
  'IN',
  'NG',
  'ZA',
  'AU',
];

/*
 * A number libphonenumber does not recognise but that is one all the same: "+" or "00" followed by 8
 * to 14 more digits, or a trunk "0" followed by at least three groups of digits, written with single
 * spaces, dots, dashes or brackets between them (digits spaced one by one to dodge a filter included).
 * Not next to a letter or digit, so codes such as ISRCs (USRC17607839) stay; a bar code (UPC
 * 075678164729) is written without separators and stays too.
 */
const DIGIT_RUN =
  /(?<![\p{L}\p{N}+])(?:(?:\+|00)(?:[\s.\-()/]?\d){8,14}|0(?:[\s.\-()/]\d{1,4}){3,}(?:[\s.\-()/]?\d){0,8})(?![\p{L}\p{N}])/gu;

type Range = [start: number, end: number];

/** Dates written with digits only: 2024-05-12, 12.05.2024, 12/05/2024. */
const DATE = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;

/**
 * Whether a number found in a country's national format is one: a guess from national formats alone
 * also finds prices, counts and dates, so it is taken only with at least 9 digits, not shaped like a
 * date, not a bar code's block of 12 digits or more, and written with the trunk prefix "0" (most
 * countries) or as ten digits (North America).
 */
function likelyNational(found: string, country: CountryCode): boolean {
  const digits = found.replace(/\D/g, '');
  if (digits.length < 9 || DATE.test(found.trim())) return false;
  // Twelve digits and more in one block is a bar code (UPC, EAN), not a number people dial.
  if (digits.length >= 12 && /^\d+$/.test(found)) return false;
  if (found.replace(/^\(/, '').startsWith('0')) return true;
  return country === 'US' && (digits.length === 10 || (digits.length === 11 && digits.startsWith('1')));
}

function phoneRanges(text: string, country?: CountryCode): Range[] {
  return findPhoneNumbersInText(text, country ? { defaultCountry: country } : undefined)
    .filter((found) => !country || likelyNational(text.slice(found.startsAt, found.endsAt), country))
    .map((found): Range => [found.startsAt, found.endsAt]);
}

/** The spans of `text` holding contact details, sorted and merged. */
export function contactRanges(text: string): Range[] {
  const ranges: Range[] = [];
  for (const pattern of EMAIL_PATTERNS)
    for (const m of text.matchAll(pattern)) ranges.push([m.index, m.index + m[0].length]);
  // No phone number has fewer than 7 digits: most messages skip the 26 passes of the phone search.
  if ((text.match(/\d/g)?.length ?? 0) >= 7) {
    ranges.push(...phoneRanges(text));
    for (const country of NATIONAL_FORMATS) ranges.push(...phoneRanges(text, country));
    for (const m of text.matchAll(DIGIT_RUN)) ranges.push([m.index, m.index + m[0].length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * `text` with every e-mail address and phone number replaced by {@link CONTACT_REMOVED}.
 * @returns the text to store and how many details were removed
 */
export function maskContacts(text: string): { text: string; masked: number } {
  const ranges = contactRanges(text);
  let out = text;
  for (const [start, end] of [...ranges].reverse())
    out = out.slice(0, start) + CONTACT_REMOVED + out.slice(end);
  return { text: out, masked: ranges.length };
}
