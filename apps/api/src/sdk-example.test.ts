import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiCallError, createClient } from '@lm/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { followStatus, promoteTrack } from '../../../packages/sdk/examples/promote-track';
import { listenFully } from './modules/express/express.fixture';
import { seedExpressDemo } from './modules/express/express.seed';
import { createTestApp, TEST_PASSWORD, type TestContext } from './test/harness';

/**
 * docs/api.md's SDK example, run as written (issue 34, "A typed SDK"): the block between its
 * `sdk-example` markers is packages/sdk/examples/promote-track.ts (checked here; `tsc -b` typechecks
 * that file against the generated types), driven against the test app listening on a free port, so
 * the documentation cannot drift from the API or the SDK.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let ctx: TestContext;
let origin: string;

beforeAll(async () => {
  // The sandbox checkout page's address is built from APP_URL: the app listens where it says.
  const probe = await import('node:net').then(({ createServer }) => createServer());
  const port = await new Promise<number>((resolve) =>
    probe.listen(0, '127.0.0.1', () => resolve((probe.address() as AddressInfo).port)),
  );
  await new Promise((resolve) => probe.close(resolve));
  origin = `http://127.0.0.1:${port}`;
  ctx = await createTestApp({ env: { APP_URL: origin } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

it('docs/api.md shows packages/sdk/examples/promote-track.ts as it is', async () => {
  const markdown = await fs.readFile(path.join(root, 'docs/api.md'), 'utf8');
  const block = /<!-- sdk-example:start -->\n```ts\n([\s\S]*?)```\n<!-- sdk-example:end -->/.exec(
    markdown,
  )?.[1];
  const file = await fs.readFile(path.join(root, 'packages/sdk/examples/promote-track.ts'), 'utf8');
  expect(
    block,
    'copy packages/sdk/examples/promote-track.ts into docs/api.md between the sdk-example markers',
  ).toBe(file);
});

it('docs/api.md: signs in, buys coins in the sandbox, orders a placement and follows it to Approved', async () => {
  // The demo curator and the demo playlists on sale.
  const curator = await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  await seedExpressDemo(ctx.deps.database);
  const artist = await ctx.makeUser({ userTypeId: 1 });

  const { api, campaignId, coins } = await promoteTrack(
    origin,
    artist.email,
    TEST_PASSWORD,
    'https://open.spotify.com/track/5xSdkExample0000000001',
  );
  expect(coins).toBe(500);

  const statuses = followStatus(api, campaignId, 20);
  expect((await statuses.next()).value).toEqual({ id: 1, status: 'Pending for Approval' });
  // The curator listens and approves; the example's next status is the approval.
  await listenFully(ctx.deps, campaignId, curator.id);
  const curatorToken = await ctx.loginUser(curator.email);
  const approved = await ctx.call('POST', '/api/express/curator/approve/campaign', {
    token: curatorToken,
    body: { campaign_id: campaignId },
  });
  expect(approved.statusCode).toBe(200);
  expect((await statuses.next()).value).toMatchObject({ id: 2 });
  await statuses.return(undefined);
});

it('a refused call throws ApiCallError carrying the API error body, in the client language', async () => {
  const guest = createClient({ baseUrl: origin, language: 'fr' });
  const refused = await guest
    .POST('/api/user/login', { body: { email: 'nobody@example.test', password: 'wrong-password-1' } })
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiCallError);
  const error = refused as ApiCallError;
  expect(error.status).toBe(422);
  expect(error.requestId).toMatch(/\S/);
  const english = await createClient({ baseUrl: origin, language: 'en' })
    .POST('/api/user/login', { body: { email: 'nobody@example.test', password: 'wrong-password-1' } })
    .catch((e: unknown) => e as ApiCallError);
  expect(english.message).not.toBe('');
  expect(error.message).not.toBe(english.message);
  const signedOut = await createClient({ baseUrl: origin, token: 'not-a-token' })
    .GET('/api/wallet/user/current/balance')
    .catch((e: unknown) => e as ApiCallError);
  expect(signedOut).toMatchObject({ status: 401, code: 'USR_UNAUTHENTICATED' });
});
