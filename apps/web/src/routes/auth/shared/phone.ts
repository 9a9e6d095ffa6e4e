/**
 * Normalises a typed phone number to the international form the API expects (spec section 5:
 * "phone defaults to US and is sent with a leading +"): spaces, dots, dashes and brackets are
 * dropped, `00` becomes `+`, a bare 10-digit number is taken as a US number (+1). Empty → undefined.
 */
export function normalizePhone(value: string | null | undefined): string | undefined {
  const compact = (value ?? '').replace(/[\s().-]/g, '');
  if (!compact) return undefined;
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (/^\d{10}$/.test(compact)) return `+1${compact}`;
  return `+${compact}`;
}
