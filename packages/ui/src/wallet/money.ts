import { intlLocale } from '../i18n/languages';

/**
 * Formats an amount in minor units (pence) with its currency symbol, e.g. 999 GBP → "£9.99"
 * (DESIGN section 4: the UI shows the pound sign). The narrow symbol keeps "£" in every language.
 */
export function formatMoney(minor: number, currency = 'GBP', language = 'en'): string {
  if (currency === 'GBP') {
    // Intl writes "UK£" in some languages (Arabic); the spec wants the plain pound sign.
    const amount = new Intl.NumberFormat(intlLocale(language), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Math.abs(minor) / 100);
    return `${minor < 0 ? '-' : ''}£${amount}`;
  }
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(minor / 100);
}

/** Same with a leading + or − (credits and debits of the transaction lists). */
export function formatSignedMoney(minor: number, currency = 'GBP', language = 'en'): string {
  const text = formatMoney(Math.abs(minor), currency, language);
  return `${minor < 0 ? '−' : '+'}${text}`;
}

/** Pence from a pounds amount typed in a form (two decimals), e.g. 9.99 → 999. */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}
