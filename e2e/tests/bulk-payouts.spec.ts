import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  buyCoinsByCard,
  createVerifiedUser,
  DEMO_PASSWORD,
  getAdminToken,
  lastMailId,
  readCode,
  shotWithoutOverflow,
  signInAdmin,
} from './helpers';

// Issue 36 "Lists": staff select payout requests, bulk-approve them, and see per request what was
// approved and what was refused and why. Every attempt makes its own curators and requests (a retry
// never counts what the first attempt created) and finds them by a tag of its own.

const THRESHOLD = 250;

/** A fresh user's bearer header and id. */
async function signedInUser(request: APIRequestContext, email: string) {
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const info = await request.get('/api/user/info', { headers });
  return { headers, id: ((await info.json()) as { data: { id: number } }).data.id };
}

/** A staff balance adjustment of `coins` (a credit comes out of platform revenue, a debit goes to it). */
async function adjust(
  request: APIRequestContext,
  userId: number,
  coins: number,
  direction: 'credit' | 'debit',
) {
  const res = await request.post('/api/admin/wallet/adjustments', {
    headers: { Authorization: `Bearer ${await getAdminToken(request)}` },
    data: { user_id: userId, coins, direction, reason: 'E2E bulk payouts', idempotency_key: randomUUID() },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/**
 * Curators (last name `tag`) with `coins` each, asking to withdraw them all through the sandbox Wise:
 * pending payout requests. Their coins are bought by a fresh artist, moved to platform revenue and
 * credited to them by staff (curators do not buy coins). Answers the requests' ids.
 */
async function pendingRequests(
  request: APIRequestContext,
  tag: string,
  amounts: number[],
): Promise<number[]> {
  const total = amounts.reduce((a, b) => a + b, 0);
  const artist = await signedInUser(request, await createVerifiedUser(request, `${tag}a`, 1));
  await buyCoinsByCard(request, artist.headers, total);
  await adjust(request, artist.id, total, 'debit');
  const ids: number[] = [];
  for (const coins of amounts) ids.push(await pendingRequest(request, tag, coins));
  return ids;
}

/** A fresh curator (last name `tag`) credited `coins` who asks to withdraw them all; the request id. */
async function pendingRequest(request: APIRequestContext, tag: string, coins: number): Promise<number> {
  const email = await createVerifiedUser(request, tag, 2);
  const { headers, id } = await signedInUser(request, email);
  await adjust(request, id, coins, 'credit');
  const stored = await request.post('/api/payments/transfer/info/store', {
    headers,
    data: {
      currency: 'GBP',
      country: 'GB',
      type: 'sort_code',
      account_holder_name: 'Casey Curator',
      details: { sortCode: '40-30-20', accountNumber: '12345678' },
    },
  });
  expect(stored.status(), await stored.text()).toBe(201);
  const recipientId = ((await stored.json()) as { data: { id: number } }).data.id;
  const quote = await request.get(
    `/api/payments/wise/create/quote/payouts?recipient_id=${recipientId}&coins=${coins}`,
    { headers },
  );
  expect(quote.status(), await quote.text()).toBe(200);
  const quoteId = ((await quote.json()) as { data: { id: string } }).data.id;
  const afterId = await lastMailId(request, email);
  const sent = await request.post('/api/payments/send/verification/code', {
    headers,
    data: { quote_id: quoteId },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const { code } = await readCode(request, email, afterId);
  const verified = await request.post('/api/payments/verify/code', {
    headers,
    data: { quote_id: quoteId, code },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  const transfer = await request.post('/api/payments/wise/create/transfer', {
    headers,
    data: { quote_id: quoteId },
  });
  expect(transfer.status(), await transfer.text()).toBe(201);
  return ((await transfer.json()) as { data: { id: number } }).data.id;
}

/** Sets the second-approver threshold; answers the value it had. */
async function setThreshold(request: APIRequestContext, coins: number): Promise<number> {
  const headers = { Authorization: `Bearer ${await getAdminToken(request)}` };
  const before = (await (await request.get('/api/admin/settings', { headers })).json()) as {
    data: { payout_second_approval_coins: number };
  };
  const res = await request.put('/api/admin/settings', {
    headers,
    data: { payout_second_approval_coins: coins },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return before.data.payout_second_approval_coins;
}

const CASES = [
  { language: 'en' as const, width: 1366, height: 900, refusal: /You gave the first approval/ },
  { language: 'ar' as const, width: 390, height: 844, refusal: /./ },
];

for (const { language, width, height, refusal } of CASES) {
  test(`staff bulk-approve payout requests and see which one was refused and why (${language}, ${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const tag = `bulk${randomUUID().slice(0, 8)}`;
    const [large, small1, small2] = (await pendingRequests(request, tag, [THRESHOLD + 50, 60, 70])) as [
      number,
      number,
      number,
    ];
    const before = await setThreshold(request, THRESHOLD);
    try {
      // The demo admin already gave the large request its first approval: a second one by the same
      // admin is refused.
      const headers = { Authorization: `Bearer ${await getAdminToken(request)}` };
      const first = await request.post(`/api/admin/payouts/${large}/approve`, { headers });
      expect(first.ok(), await first.text()).toBeTruthy();

      await page.setViewportSize({ width, height });
      await signInAdmin(page, language);
      await page.goto(`/admin/requests/list?q=${tag}`);
      // Phones show the list as cards, each with its own selection checkbox.
      const rows = width < 600 ? page.getByTestId('list-card') : page.locator('table tbody tr');
      await expect(rows).toHaveCount(3);
      await shotWithoutOverflow(page, test.info().outputPath('shots'), `list-${language}-${width}`);
      for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
      await expect(page.getByTestId('bulk-bar')).toBeVisible();
      await expect(page.getByTestId('bulk-count')).toContainText('3');
      await shotWithoutOverflow(page, test.info().outputPath('shots'), `bar-${language}-${width}`);

      await page.getByTestId('bulk-approve').click();
      await page.getByTestId('bulk-confirm').click();
      const result = page.getByTestId('bulk-result');
      await expect(result).toBeVisible();
      await expect(result.getByTestId(`bulk-result-${large}`)).toContainText(refusal);
      await expect(result.getByTestId(`bulk-result-${large}`).locator('.mantine-Badge-root')).toHaveText(
        language === 'en' ? 'Refused' : /.+/,
      );
      for (const id of [small1, small2]) {
        await expect(result.getByTestId(`bulk-result-${id}`)).toBeVisible();
      }
      await shotWithoutOverflow(page, test.info().outputPath('shots'), `result-${language}-${width}`);
      await page.getByTestId('bulk-result-close').click();

      // The two small requests left the pending list; the large one waits for a second admin.
      await expect(rows).toHaveCount(1);
      const statuses = await Promise.all(
        [large, small1, small2].map(async (id) => {
          const res = await request.get(`/api/admin/payouts/${id}`, { headers });
          expect(res.ok(), await res.text()).toBeTruthy();
          return ((await res.json()) as { data: { status_id: number } }).data.status_id;
        }),
      );
      expect(statuses[0]).toBe(1);
      expect(statuses[1]).not.toBe(1);
      expect(statuses[2]).not.toBe(1);
    } finally {
      await setThreshold(request, before);
    }
  });
}
