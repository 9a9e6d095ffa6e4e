import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';

/** Country of a phone field when the account has none (spec section 5: phone defaults to US). */
export const DEFAULT_PHONE_COUNTRY = 'US';

/** Longest phone number text accepted as typed (spaces and brackets included). */
const PHONE_TEXT_MAX = 30;

/**
 * The one parse rule of every phone number: an international number as people
 * type it (a leading `+` or `00`, then digits with spaces, dots, dashes or brackets between, e.g.
 * "+44 7911 123456"), checked against its country's numbering plan by libphonenumber-js.
 * @returns the number in E.164 form ("+447911123456"), or null when it is not a valid number.
 */
export function parsePhone(text: string): string | null {
  const trimmed = text.trim();
  if (!/^(\+|00)[\d\s().-]+$/.test(trimmed) || trimmed.length > PHONE_TEXT_MAX) return null;
  const parsed = parsePhoneNumberFromString(trimmed.replace(/^00/, '+'));
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A phone number field of any request (register, profile, the back-office user modal, the playlist
 * form): a string {@link parsePhone} accepts, given as its E.164 form (leading +, spec section 5);
 * anything else is refused with `validation.phone_invalid`, never cut or guessed.
 */
export const phoneNumberSchema = z.string().transform((value, ctx) => {
  const e164 = parsePhone(value);
  if (e164) return e164;
  ctx.addIssue({ code: 'custom', message: 'validation.phone_invalid' });
  return z.NEVER;
});

/**
 * The country a phone field starts on: the account's country when the phone
 * library knows it, else {@link DEFAULT_PHONE_COUNTRY}.
 * @param accountCountry ISO 3166-1 alpha-2 code of the account (user `country_code`), or null.
 */
export function defaultPhoneCountry(accountCountry: string | null | undefined): CountryCode {
  const code = accountCountry?.toUpperCase();
  return code && isSupportedCountry(code) ? code : (DEFAULT_PHONE_COUNTRY as CountryCode);
}
