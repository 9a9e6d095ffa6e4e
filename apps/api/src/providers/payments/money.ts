/**
 * Minor-unit conversions for the providers that speak decimal strings (PayPal) or show prices
 * (the sandbox pages). Integer arithmetic only, so no amount is ever rounded through a float.
 */

/** Decimal places of an ISO 4217 currency (GBP 2, JPY 0, BHD 3), from the runtime's ICU data. */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/**
 * Minor units to the decimal string PayPal expects: (1250, 'GBP') -> '12.50', (500, 'JPY') -> '500'.
 * @throws Error when the amount is not a non-negative safe integer
 */
export function minorToDecimal(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new Error(`amount must be a non-negative integer in minor units, got ${amountMinor}`);
  }
  const digits = currencyDigits(currency);
  if (digits === 0) return String(amountMinor);
  const padded = String(amountMinor).padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * A provider's decimal string back to minor units: ('12.50', 'GBP') -> 1250.
 * @throws Error when the value is not a plain decimal or has more places than the currency allows
 */
export function decimalToMinor(value: string, currency: string): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match?.[1]) throw new Error(`not a decimal amount: ${value}`);
  const digits = currencyDigits(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) throw new Error(`${value} has more than ${digits} decimals for ${currency}`);
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) throw new Error(`amount out of range: ${value}`);
  return minor;
}

/** Price for a page: (1250, 'GBP') -> '£12.50'. */
export function formatMinor(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase();
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(
    Number(minorToDecimal(amountMinor, code)),
  );
}
