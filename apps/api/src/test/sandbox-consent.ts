import { expect } from 'vitest';
import type { TestContext } from './harness';

/**
 * Agree on a sandbox provider's consent page as a person would: post the page's form for
 * `authorizationUrl` (the URL the product sent the browser to, with its `state` and `redirect_uri`)
 * with `fields` (username, display name, followers, e-mail...), check that the page sends the
 * browser back, and answer where to: the product's redirect URI carrying `code` and `state`.
 */
export async function agreeOnSandboxConsent(
  ctx: TestContext,
  authorizationUrl: string,
  fields: Record<string, string>,
): Promise<URL> {
  const consent = new URL(authorizationUrl);
  const agreed = await ctx.app.inject({
    method: 'POST',
    url: consent.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      state: consent.searchParams.get('state') ?? '',
      redirect_uri: consent.searchParams.get('redirect_uri') ?? '',
      ...fields,
    }).toString(),
  });
  expect(agreed.statusCode).toBe(302);
  return new URL(String(agreed.headers.location));
}
