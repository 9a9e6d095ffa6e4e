/** Money is written by the one formatter module; re-exported where the wallet screens look for it. */
export { formatMoney, formatSignedMoney } from '@lm/contracts/format';

/** Pence from a pounds amount typed in a form (two decimals), e.g. 9.99 → 999. */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}
