import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { buyCoinsByCard, createVerifiedUser, DEMO_PASSWORD, signInAs } from './helpers';

/**
 * Answer in time: a request nobody answers is declined by the system once the product's
 * sandbox clock passes `answer_days` (default 7), and the artist's coins come back; the artist
 * withdraws a request nobody has answered yet and the coins come back. English on a desktop and
 * Arabic on a 390 px phone. In the time-travel set (playwright.config.ts TIME_TRAVEL): it moves the
 * product's clock 7 days at a time; its name sorts it after custom-campaigns and express, whose
 * journeys never ran after such a jump, and before the social journeys, which always did.
 */

/** The demo curator's Starter playlist (apps/api express.seed.ts). */
const STARTER = { name: 'Fresh Hip-Hop Finds', price: 50 };
const OPENING = 200;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const trackId = () => [...randomBytes(22)].map((b) => BASE62[b % 62]).join('');

const TEXT = {
  en: {
    answerBy: 'Answer by',
    unanswered: 'Not answered in time',
    withdrawn: 'Withdrawn',
    withdraw: 'Withdraw',
  },
  ar: {
    answerBy: 'الرد قبل',
    unanswered: 'لم يُرد عليه في الوقت المحدد',
    withdrawn: 'تم سحبه',
    withdraw: 'سحب',
  },
};

/** A fresh artist holding OPENING coins bought by card, and a pending Spotify request on Starter. */
async function artistWithRequest(request: APIRequestContext) {
  const email = await createVerifiedUser(request, 'answer-artist', 1);
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { Authorization: `Bearer ${token}` };
  await buyCoinsByCard(request, headers, OPENING);
  const playlists = await request.get('/api/express/artist/playlists?limit=100', { headers });
  expect(playlists.ok(), await playlists.text()).toBeTruthy();
  const starter = ((await playlists.json()) as { data: { id: number; name: string }[] }).data.find(
    (p) => p.name === STARTER.name,
  );
  expect(starter).toBeTruthy();
  const created = await request.post('/api/express/artist/campaign/create', {
    headers,
    data: { track_link: `https://open.spotify.com/track/${trackId()}`, playlist_ids: [starter!.id] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = ((await created.json()) as { data: { id: number; campaign_name: string }[] }).data[0]!;
  return { email, headers, campaign };
}

async function balanceOf(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const res = await request.get('/api/wallet/user/current/balance', { headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** `n` as the apps write it, in Latin or Arabic-Indic digits. */
const number = (n: number) =>
  new RegExp(`^\\s*(${n}|${String(n).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!)})\\s*$`);

/** The dashboard's wallet card shows `coins`. */
async function dashboardBalance(page: Page, coins: number) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('wallet-balance-card').getByTestId('balance')).toHaveText(number(coins));
}

async function moveClock(request: APIRequestContext, step: { days?: number; minutes?: number }) {
  const login = await request.post('/api/admin/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const adminToken = ((await login.json()) as { data: { token: string } }).data.token;
  const moved = await request.post('/api/admin/dev/clock/advance', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: step,
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
}

for (const [language, viewport] of [
  ['en', { width: 1366, height: 900 }],
  ['ar', { width: 390, height: 844 }],
] as const) {
  test.describe(`${language} ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the artist withdraws a request nobody answered yet: the coins are back', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const { email, headers, campaign } = await artistWithRequest(request);
      expect(await balanceOf(request, headers)).toBe(OPENING - STARTER.price);
      await signInAs(page, email, language, { timeout: 60_000 });
      await page.goto(`/express-campaigns/${campaign.id}`);
      const detail = page.getByTestId('express-campaign');
      await expect(detail.getByTestId('answer-by')).toContainText(TEXT[language].answerBy);
      await expectAccessible(page);
      await detail.getByTestId('withdraw-request').click();
      await expect(page.getByTestId('confirm-yes')).toBeVisible();
      await expectAccessible(page, 'withdraw dialog');
      await page.getByTestId('confirm-yes').click();
      await expect(detail.getByTestId('end-reason')).toHaveText(TEXT[language].withdrawn);
      await expect(detail.getByTestId('withdraw-request')).toHaveCount(0);
      await expect(detail.getByTestId('answer-by')).toHaveCount(0);
      expect(await balanceOf(request, headers)).toBe(OPENING);
      await dashboardBalance(page, OPENING);
    });

    test('a request nobody answers expires once the clock passes answer_days: the coins are back', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const { email, headers, campaign } = await artistWithRequest(request);
      // The curator sees until when to answer on the request list.
      await signInAs(page, 'curator@demo.test', language, { timeout: 60_000 });
      await page.goto(`/express/campaigns/list?q=${encodeURIComponent(campaign.campaign_name)}`);
      // The search finds this one request (a table row on a desktop, a card on a phone).
      await expect(page.getByTestId('answer-by')).toContainText(TEXT[language].answerBy, { timeout: 60_000 });
      await expect(page.getByTestId('answer-by')).toHaveCount(1);

      await moveClock(request, { days: 7, minutes: 1 });
      expect(await balanceOf(request, headers)).toBe(OPENING);

      // Sessions expire as the clock jumps: the artist signs in again and reads why it ended.
      await signInAs(page, email, language, { timeout: 60_000 });
      await dashboardBalance(page, OPENING);
      await page.goto(`/express-campaigns/${campaign.id}`);
      const detail = page.getByTestId('express-campaign');
      await expect(detail.getByTestId('end-reason')).toHaveText(TEXT[language].unanswered);
      await expectAccessible(page);
      await expect(detail.getByTestId('refunded-coins')).toContainText(/50|٥٠/);
    });
  });
}
