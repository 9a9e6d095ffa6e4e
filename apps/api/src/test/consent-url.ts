import { expect } from 'vitest';

/**
 * The query of a provider's consent URL as an object, after checking that the URL goes to the
 * provider's consent page `endpoint` (origin and path, query left out).
 */
export function consentQuery(url: string, endpoint: string): Record<string, string> {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe(endpoint);
  return Object.fromEntries(parsed.searchParams);
}
