import type { RatesProvider } from './contract';

/**
 * Sandbox rates: fixed GBP-based mid-market rates (approximate, for demos and tests). Real rates come
 * from Wise when it is configured.
 */
export const SANDBOX_GBP_RATES: Readonly<Record<string, number>> = {
  GBP: 1,
  USD: 1.27,
  EUR: 1.17,
  TRY: 43.5,
  AED: 4.66,
  SAR: 4.76,
  CAD: 1.74,
  AUD: 1.93,
  NZD: 2.11,
  CHF: 1.12,
  SEK: 13.5,
  NOK: 13.6,
  DKK: 8.73,
  PLN: 5.05,
  CZK: 29.2,
  HUF: 462,
  RON: 5.82,
  BGN: 2.29,
  JPY: 190,
  CNY: 9.2,
  HKD: 9.9,
  SGD: 1.71,
  INR: 106,
  ZAR: 23.4,
  BRL: 6.9,
  MXN: 23.1,
  NGN: 1950,
  KES: 164,
  EGP: 62,
  MAD: 12.7,
};

/** The sandbox rates provider. */
export function createSandboxRates(): RatesProvider {
  return {
    name: 'sandbox',
    async currencies() {
      return Object.keys(SANDBOX_GBP_RATES);
    },
    async rate(source, target) {
      const s = SANDBOX_GBP_RATES[source.toUpperCase()];
      const t = SANDBOX_GBP_RATES[target.toUpperCase()];
      if (s === undefined || t === undefined) throw new Error(`unsupported currency ${source}/${target}`);
      return t / s;
    },
  };
}
