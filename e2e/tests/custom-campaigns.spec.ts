import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import {
  buyCoinsByCard,
  createVerifiedUser,
  DEMO_PASSWORD,
  getAdminToken,
  setShortListening,
  signIn,
  signInAdmin,
  signOut,
} from './helpers';

/**
 * Custom (managed) campaigns, an artist orders one through the wizard, staff approve and
 * publish it, the artist pays with coins, two curators opt in with a playlist each, one adds the track
 * and one does not; time passes and the campaign completes with one payout and one refund.
 */

const OPENING = 1000;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/h-custom-shots';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const spotifyId = () => [...randomBytes(22)].map((b) => BASE62[b % 62]).join('');

async function login(request: APIRequestContext, email: string) {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { token, user } = ((await res.json()) as { data: { token: string; user: { id: number } } }).data;
  return { token, id: user.id, headers: { Authorization: `Bearer ${token}` } };
}

async function balanceOf(request: APIRequestContext, email: string): Promise<number> {
  const { headers } = await login(request, email);
  const res = await request.get('/api/wallet/user/current/balance', { headers });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** A fresh artist who bought coins on the sandbox card checkout. */
async function artistWithCoins(request: APIRequestContext) {
  const email = await createVerifiedUser(request, 'custom-artist', 1);
  const { headers, id } = await login(request, email);
  await buyCoinsByCard(request, headers, OPENING);
  return { email, id };
}

/**
 * A fresh curator with one approved Starter playlist: Spotify connected through the sandbox consent,
 * the playlist listed, staff approve it.
 */
async function curatorWithPlaylist(request: APIRequestContext) {
  const email = await createVerifiedUser(request, 'custom-curator', 2);
  const { headers } = await login(request, email);
  const playlist = spotifyId();
  const url = new URL(
    ((await (await request.get('/api/spotify/login', { headers })).json()) as { data: { url: string } }).data
      .url,
    'http://x',
  );
  const consent = await request.post('/api/sandbox/spotify/authorize', {
    form: {
      state: url.searchParams.get('state') ?? '',
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
      email: `sandbox-${playlist}@spotify.test`,
      display_name: 'Sandbox curator',
    },
    maxRedirects: 0,
  });
  expect(consent.status(), await consent.text()).toBe(302);
  const back = new URL(consent.headers().location!, 'http://x');
  const callback = await request.get(
    `/api/spotify/callback?code=${back.searchParams.get('code')}&state=${encodeURIComponent(back.searchParams.get('state') ?? '')}`,
    { headers },
  );
  expect(callback.ok(), await callback.text()).toBeTruthy();
  const tiers = (
    (await (await request.get('/api/express/curator/all-tiers', { headers })).json()) as {
      data: { id: number; tier_name: string; price: number }[];
    }
  ).data;
  const starter = tiers.find((t) => t.tier_name === 'Starter')!;
  const durations = (
    (await (await request.get('/api/express/curator/all-durations', { headers })).json()) as {
      data: { id: number }[];
    }
  ).data;
  const created = await request.post('/api/express/curator/playlist/create', {
    headers,
    data: {
      spotify_url: `https://open.spotify.com/playlist/${playlist}`,
      tier_id: starter.id,
      duration_id: durations[0]!.id,
      genre_ids: [],
      renewable: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const listed = ((await created.json()) as { data: { id: number; name: string } }).data;
  const approve = await request.post(`/api/admin/express/playlists/${listed.id}/status`, {
    headers: { Authorization: `Bearer ${await getAdminToken(request)}` },
    data: { status: 'approve' },
  });
  expect(approve.ok(), await approve.text()).toBeTruthy();
  return { email, playlist, name: listed.name, price: starter.price };
}

/** Picks the first selectable day of an open Mantine date picker. */
async function pickDay(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await page
    .locator(
      '.mantine-Popover-dropdown button[data-today], .mantine-Popover-dropdown table button:not([data-disabled]):not([data-outside])',
    )
    .first()
    .click();
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  // The screen's catalogs load after the route: wait for its heading, not only for quiet network.
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function advance(request: APIRequestContext, step: { days?: number; minutes?: number }) {
  const loginRes = await request.post('/api/admin/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const token = ((await loginRes.json()) as { data: { token: string } }).data.token;
  const moved = await request.post('/api/admin/dev/clock/advance', {
    headers: { Authorization: `Bearer ${token}` },
    data: step,
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
}

let campaignId = 0;

test('custom campaign: order, approve, pay with coins, publish, two curators, one delivers, completion with one payout and one refund', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const artist = await artistWithCoins(request);
  const good = await curatorWithPlaylist(request);
  const idle = await curatorWithPlaylist(request);
  const price = good.price;
  const track = spotifyId();

  // Artist: the 5-step wizard.
  await signIn(page, artist.email);
  await page.goto('/custom/spotify/campaign/create');
  await expect(page.getByTestId('custom-type-spotify')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Field is required').first()).toBeVisible();
  await page.getByTestId('custom-link').fill(`https://open.spotify.com/album/${track}`);
  await page.getByTestId('custom-name').fill('Night drive');
  await page.getByTestId('custom-language').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('custom-genres').click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await pickDay(page, 'custom-release-date');
  await expect(page.getByText('Tell us whether the track was made with AI')).toBeVisible();
  await page.getByTestId('made-with-ai-no').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 4 tells the artist what happens next, without the staff-only settings.
  await expect(page.getByTestId('custom-process')).toContainText('The team reviews your campaign');
  for (const staffOnly of ['Auditing', 'On-going', 'Publish date'])
    await expect(page.getByText(staffOnly, { exact: false })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await pickDay(page, 'custom-start-date');
  await page.getByTestId('custom-pitch').fill('A warm synth-pop song for late-night drives.');
  await expect(page.getByText('44 / 140')).toBeVisible();
  await page.getByTestId('custom-placements').fill('2');
  await page.getByRole('button', { name: 'Send to the team' }).click();
  await expect(page.getByText('Tier is required')).toBeVisible();
  await page.getByTestId('custom-tier').click();
  await page.getByRole('option', { name: /Starter/ }).click();
  await expect(page.getByTestId('custom-total')).toContainText(String(price * 2));
  await shot(page, 'wizard-en-1366');
  await page.getByRole('button', { name: 'Send to the team' }).click();
  // The link rule is the server's: an album link is refused with the spec's message.
  await expect(page.getByText('Not A valid Track').first()).toBeVisible();
  await page.getByText('Song Details').click();
  await page.getByTestId('custom-link').fill(`https://open.spotify.com/track/${track}`);
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: /Next|Send to the team/ }).click();
  await expect(page).toHaveURL(/\/custom\/campaigns\/list$/);
  const row = page.locator('table tbody tr', { hasText: 'Night drive' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('custom-status')).toHaveText('Pending');
  await expect(row.getByTestId('custom-payment')).toHaveText('After approval');
  await row.click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByTestId('custom-next-steps')).toContainText('The team reviews your campaign first');
  await expect(page.getByTestId('custom-next-steps')).toContainText('opens here once it is approved');
  campaignId = Number(page.url().split('/').pop());
  await signOut(page);

  // Staff approve: an invoice is raised.
  await signInAdmin(page);
  await page.goto('/admin/custom/campaigns/list');
  await expect(page.getByTestId('custom-stats')).toBeVisible();
  await shot(page, 'admin-list-en-1366');
  await page.locator('table tbody tr', { hasText: 'Night drive' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/campaigns/custom/${campaignId}$`));
  await page.getByTestId('custom-approve').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('custom-status')).toHaveText('Approved');
  await expect(page.getByTestId('custom-invoice')).toContainText('INV-');
  await expect(page.getByTestId('custom-payment')).toHaveText('Pending');

  // Artist pays with coins.
  await page.goto('/dashboard');
  await signIn(page, artist.email);
  await page.goto(`/campaigns/${campaignId}`);
  await page.getByTestId('custom-pay').click();
  await expect(page.getByTestId('custom-status')).toHaveText('Pending for Publishing');
  await expect(page.getByTestId('custom-payment')).toHaveText('Paid');
  expect(await balanceOf(request, artist.email)).toBe(OPENING - price * 2);
  await signOut(page);

  // Staff publish; the journeys' products ask a short listening time (the rule stays on).
  await setShortListening(request);
  await signInAdmin(page);
  await page.goto(`/admin/campaigns/custom/${campaignId}`);
  await page.getByTestId('custom-publish').click();
  await expect(page.getByTestId('custom-status')).toHaveText('Published');

  // Two curators opt in, each with their playlist.
  for (const curator of [good, idle]) {
    await page.goto('/dashboard');
    await signIn(page, curator.email);
    await page.goto('/campaigns/list');
    const card = page.getByTestId('published-campaign').filter({ hasText: 'Night drive' });
    // Hear it first: the opt-in opens once the curator played the track long enough.
    await card.getByTestId('listen-panel').getByRole('heading').click();
    await card.getByTestId('listen-audio').evaluate((a: HTMLAudioElement) => a.play());
    await expect(card.getByTestId('custom-opt-in')).toBeEnabled({ timeout: 30_000 });
    await card.getByTestId('listen-audio').evaluate((a: HTMLAudioElement) => a.pause());
    await card.getByTestId('custom-opt-in').click();
    await card.getByTestId('custom-choose').click();
    await expect(card.getByTestId('custom-submit-placement')).toBeVisible();
    if (curator === good) {
      await shot(page, 'curator-en-1366');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'curator-en-390');
      await page.setViewportSize({ width: 1366, height: 860 });
    }
    if (curator === good) {
      const placed = await request.post(`/api/sandbox/spotify/playlists/${good.playlist}/tracks`, {
        data: { track_id: track },
      });
      expect(placed.ok(), await placed.text()).toBeTruthy();
      await card.getByTestId('custom-submit-placement').click();
      await expect(page.getByText('The track was found on your playlist')).toBeVisible();
    }
    await signOut(page);
  }

  // Time passes: the placement is verified and runs its days; the idle curator's deadline passes.
  const goodBefore = await balanceOf(request, good.email);
  for (const step of [
    { minutes: 61 },
    { days: 3, minutes: 1 },
    { days: 28, minutes: 1 },
    { days: 3, minutes: 1 },
  ])
    await advance(request, step);
  expect(await balanceOf(request, good.email)).toBe(goodBefore + price * 0.8);
  expect(await balanceOf(request, idle.email)).toBe(0);
  expect(await balanceOf(request, artist.email)).toBe(OPENING - price);

  // Staff see the campaign completed with where its coins went.
  await signInAdmin(page);
  await page.goto(`/admin/campaigns/custom/${campaignId}`);
  await expect(page.getByTestId('custom-status')).toHaveText('Completed');
  await expect(page.getByTestId('custom-held')).toContainText(String(price * 2));
  await expect(page.getByTestId('custom-paid_out')).toContainText(String(price));
  await expect(page.getByTestId('custom-refunded')).toContainText(String(price));
  await expect(page.getByTestId('custom-placements').locator('tbody tr')).toHaveCount(2);
  await shot(page, 'admin-detail-en-1366');
  await expectAccessible(page);
});

/** Today on the product's clock (the journey above moved it forward). */
async function productToday(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/admin/dev/clock', {
    headers: { Authorization: `Bearer ${await getAdminToken(request)}` },
  });
  return ((await res.json()) as { data: { now: string } }).data.now.slice(0, 10);
}

/** Orders a campaign through the API (first language, genre and Starter tier). */
async function orderByApi(request: APIRequestContext, email: string) {
  const { headers } = await login(request, email);
  const first = async (path: string) =>
    ((await (await request.get(path, { headers })).json()) as { data: { id: number; tier_name?: string }[] })
      .data;
  const language = (await first('/api/language/getAllLanguagesWithQ?limit=5'))[0]!;
  const genre = (await first('/api/user/genre/getAllGenresWithQ?limit=5'))[0]!;
  const tier = (await first('/api/express/curator/all-tiers')).find((t) => t.tier_name === 'Starter')!;
  const res = await request.post('/api/artist/campaigns', {
    headers,
    data: {
      is_released: true,
      link: `https://open.spotify.com/track/${spotifyId()}`,
      name: 'Desert lights',
      language_id: language.id,
      genre_ids: [genre.id],
      released_date: '2025-06-01',
      start_date: await productToday(request),
      tier_id: tier.id,
      placements: 3,
      pitch: 'Slow-burning desert rock with a big chorus.',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

test('custom campaigns in Arabic, right to left, and on a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const artist = await artistWithCoins(request);
  const own = await orderByApi(request, artist.email);
  await signIn(page, artist.email);
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'ar'));
  await page.goto('/custom/spotify/campaign/create');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'حملة مخصصة جديدة' })).toBeVisible();
  await page.getByRole('button', { name: 'التالي' }).click();
  await page.getByRole('button', { name: 'التالي' }).click();
  await expect(page.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await shot(page, 'wizard-ar-1366');
  await page.goto('/campaigns/list');
  await expect(page.getByTestId('custom-stats')).toBeVisible();
  await shot(page, 'list-ar-1366');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/custom/spotify/campaign/create');
  await shot(page, 'wizard-ar-390');
  await page.goto('/campaigns/list');
  await shot(page, 'list-ar-390');
  await page.goto(`/campaigns/${own}`);
  await expect(page.getByTestId('custom-title')).toHaveText('Desert lights');
  await shot(page, 'detail-ar-390');
  if (campaignId) {
    // The journey's artist is another account: this one reaches it as not found, never someone else's.
    await page.goto(`/campaigns/${campaignId}`);
    await expect(page.getByTestId('custom-title')).toHaveCount(0);
  }
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'en'));
  await page.goto('/campaigns/list');
  await shot(page, 'list-en-390');
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto('/campaigns/list');
  await shot(page, 'list-en-1366');
  await page.goto(`/campaigns/${own}`);
  await shot(page, 'detail-en-1366');
});

test('an approved custom campaign paid by card in the sandbox, then listed on /my-campaigns (en 1366, ar 390)', async ({
  page,
  request,
}) => {
  const email = await createVerifiedUser(request, 'custom-card', 1);
  const id = await orderByApi(request, email);
  const approved = await request.post(`/api/admin/custom-campaigns/${id}/approve`, {
    headers: { Authorization: `Bearer ${await getAdminToken(request)}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await signIn(page, email);
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByTestId('custom-payment')).toHaveText('Pending');
  await expect(page.getByTestId('custom-pay')).toBeVisible();
  await page.getByTestId('custom-pay-card').click();
  await expect(page).toHaveURL(/\/api\/sandbox\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}`));
  await expect(page.getByTestId('custom-payment')).toHaveText('Paid');
  await expect(page.getByTestId('custom-pay-card')).toHaveCount(0);
  // The card bought exactly the price, now held for the campaign.
  expect(await balanceOf(request, email)).toBe(0);
  await page.goto('/my-campaigns');
  const row = page.locator('table tbody tr', { hasText: 'Desert lights' });
  await expect(row.getByTestId('my-campaign-type')).toHaveAttribute('data-type', 'custom');
  await expect(row.getByTestId('my-campaign-status')).toHaveText('Pending for Publishing');
  await shot(page, 'my-campaigns-en-1366');
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'ar'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-campaigns');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('list-card')).toHaveCount(1);
  await shot(page, 'my-campaigns-ar-390');
  await expectAccessible(page);
  await page.getByTestId('my-campaign-link').click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}$`));
  await shot(page, 'detail-paid-ar-390');
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'en'));
});
