/** Exchange rates: how many units of `target` one unit of `source` buys (mid-market). */
export interface RatesProvider {
  readonly name: 'wise' | 'sandbox';
  /** Supported currency codes (ISO 4217), GBP first. */
  currencies(): Promise<string[]>;
  /**
   * Rate from `source` to `target`.
   * @throws Error for an unsupported currency
   */
  rate(source: string, target: string): Promise<number>;
}

/** Convert minor units between currencies (both with 2 decimals), rounding half up. */
export function convertMinor(amountMinor: number, rate: number): number {
  return Math.round(amountMinor * rate);
}
