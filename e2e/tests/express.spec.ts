import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  buyCoinsByCard,
  createVerifiedUser,
  DEMO_PASSWORD,
  FEEDBACK,
  freshTrackId,
  listenInPage,
  lookUpFreshTrack,
  setShortListening,
  signIn,
  signOut,
} from './helpers';

/** The demo curator's approved playlists (apps/api express.seed.ts). */
const STARTER = { id: '37i9dQZF1DX0XUsuxWHRQd', name: 'Fresh Hip-Hop Finds', price: 50 };
const PREMIUM = { id: '37i9dQZF1DXcBWIGoYBM5M', name: 'Indie Pop Rising', price: 300 };
const OPENING = 1000;

/** A fresh artist who bought coins by card on the sandbox checkout (a custom amount). */
async function artistWithCoins(
  request: APIRequestContext,
): Promise<{ email: string; token: string; id: number }> {
  const email = await createVerifiedUser(request, 'express-artist', 1);
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { token, user } = ((await login.json()) as { data: { token: string; user: { id: number } } }).data;
  const headers = { Authorization: `Bearer ${token}` };
  await buyCoinsByCard(request, headers, OPENING);
  const balance = await request.get('/api/wallet/user/current/balance', { headers });
  expect(((await balance.json()) as { data: { balance: number } }).data.balance).toBe(OPENING);
  return { email, token, id: user.id };
}

function campaignRow(page: Page, playlist: string) {
  return page.locator('table tbody tr', { hasText: playlist });
}

test('spotify express campaign: pay, decline with refund, approve, placement, time passes, completed, paid, reviewed', async ({
  page,
  request,
}) => {
  // About 55 s on a quiet machine; the whole marketplace round trip across three roles and three clock
  // jumps ran past the default 90 s on the two-worker CI machine.
  test.setTimeout(240_000);
  await setShortListening(request);
  const artist = await artistWithCoins(request);
  const { link, track } = await lookUpFreshTrack(request, artist.token);

  // Artist: platform → Spotify → wizard (song, playlists, summary) → pay with coins.
  await signIn(page, artist.email);
  await page.goto('/select/platform');
  // All three platforms are offered.
  await expect(page.getByTestId('platform-tiktok').getByRole('link')).toHaveAttribute(
    'href',
    '/tiktok/platform',
  );
  await page.getByTestId('platform-spotify').getByRole('link').click();
  await expect(page).toHaveURL(/\/spotify\/platform$/);
  await page.getByTestId('start-express').click();
  await expect(page).toHaveURL(/\/create\/express\/campaign$/);

  await page.getByTestId('track-link').fill('https://open.spotify.com/album/abc');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Not A valid Track')).toBeVisible();
  await page.getByTestId('track-link').fill(link);
  await page.getByTestId('made-with-ai-no').check();
  // Next looks the track up (sharing the lookup the field's blur started), then advances.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('playlist-card').first()).toBeVisible();
  await page.getByTestId('playlist-card').filter({ hasText: STARTER.name }).click();
  await page.getByTestId('playlist-card').filter({ hasText: PREMIUM.name }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('express-summary')).toContainText(track.name);
  await expect(page.getByTestId('express-total')).toHaveText(`${STARTER.price + PREMIUM.price} coins`);
  await expect(page.getByTestId('express-balance')).toHaveText('1,000 coins');
  await page.getByRole('button', { name: 'Pay with coins' }).click();
  await expect(page).toHaveURL(/\/express\/campaigns\/list/);
  await expect(page.locator('table tbody tr', { hasText: track.name })).toHaveCount(2);
  await signOut(page);

  // Curator: decline the Starter one (reason), approve the Premium one.
  await signIn(page, 'curator@demo.test');
  await page.goto(`/express/campaigns/list?filter[artist_id]=${artist.id}`);
  await expect(page.getByRole('heading', { name: 'Incoming campaigns' })).toBeVisible();
  await expect(page.locator('table tbody tr')).toHaveCount(2);
  // Hear it first: each request is decided on its page, under its player, once played long enough.
  const list = page.url();
  await campaignRow(page, STARTER.name).getByTestId('listen-to-decide').click();
  await listenInPage(page);
  await page.getByTestId('decline-campaign').click();
  await page.getByTestId('decline-reason-select').click();
  await page.getByRole('option', { name: 'Playlist is full for now' }).click();
  // Say why: written feedback for the artist (min_feedback_words, 15 by default).
  await page.getByTestId('decline-feedback').fill(FEEDBACK);
  await page.getByTestId('decline-submit').click();
  await expect(page.getByTestId('timeline-listened')).toBeVisible();
  await page.goto(list);
  await expect(campaignRow(page, STARTER.name).getByTestId('express-status')).toHaveText('Declined');

  await campaignRow(page, PREMIUM.name).getByTestId('listen-to-decide').click();
  await listenInPage(page);
  await page.getByTestId('approve-campaign').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('timeline-listened')).toBeVisible();
  await page.goto(list);
  await expect(campaignRow(page, PREMIUM.name).getByTestId('express-status')).toHaveText(
    'Waiting for Playlist submission',
  );

  // The placement happens on Spotify (sandbox dev route), then "I added it".
  const placed = await request.post(`/api/sandbox/spotify/playlists/${PREMIUM.id}/tracks`, {
    data: { track_id: track.id },
  });
  expect(placed.ok(), await placed.text()).toBeTruthy();
  await campaignRow(page, PREMIUM.name).getByTestId('added-it').click();
  await expect(page.getByTestId('added-result')).toContainText('found on the playlist');
  await expect(campaignRow(page, PREMIUM.name).getByTestId('express-status')).toHaveText(
    'Verifying submission',
  );
  await signOut(page);

  // Artist: the declined campaign was refunded; the other one is being verified.
  await signIn(page, artist.email);
  await expect(page.getByTestId('wallet-balance-card').getByTestId('balance')).toHaveText(
    String(OPENING - PREMIUM.price),
  );
  await page.goto(`/express/campaigns/list?q=${encodeURIComponent(track.name)}`);
  await campaignRow(page, STARTER.name).click();
  await expect(page.getByTestId('express-campaign').getByTestId('express-status').first()).toHaveText(
    'Declined',
  );
  await expect(page.getByTestId('refunded-coins')).toHaveText(`${STARTER.price} coins`);
  await expect(page.getByTestId('decline-reason')).toContainText('Playlist is full for now');
  await page.goBack();
  await campaignRow(page, PREMIUM.name).click();
  await expect(page.getByTestId('express-campaign').getByTestId('express-status').first()).toHaveText(
    'Verifying submission',
  );
  const timeline = page.getByTestId('express-timeline');
  await expect(timeline).toContainText('Pending for Approval');
  await expect(timeline).toContainText('Waiting for Playlist submission');
  await expect(timeline).toContainText('Verifying submission');

  // Admin: the campaigns are in the back-office list; the detail opens.
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill('admin@demo.test');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/express/campaigns/list?filter[artist_id]=${artist.id}`);
  await expect(page.locator('table tbody tr')).toHaveCount(2);
  await campaignRow(page, PREMIUM.name).click();
  await expect(page).toHaveURL(/\/admin\/express-campaigns\/\d+$/);
  await expect(page.getByTestId('express-campaign')).toContainText(track.name);
  await expect(page.getByTestId('force-end')).toBeVisible();

  // Time passes (sandbox time travel, outside production only): the placement is verified, spends its
  // 28 days on the playlist, then 3 days of audit; the curator is paid the price less the 20% fee.
  const curatorBefore = await balanceOf(request, 'curator@demo.test');
  for (const step of [{ minutes: 61 }, { days: 28, minutes: 1 }, { days: 3, minutes: 1 }]) {
    // Sessions expire as the clock jumps: sign the admin in again for each step.
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
  expect(await balanceOf(request, 'curator@demo.test')).toBe(curatorBefore + PREMIUM.price * 0.8);

  // Artist: the campaign is completed; a review, and the thank-you dialog closes by itself after 7 s.
  // The artist's old session expired with the jump: the app signs out to the login page by itself.
  await page.goto('/dashboard');
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 30_000 });
  await signIn(page, artist.email);
  await page.goto(`/express/campaigns/list?q=${encodeURIComponent(track.name)}`);
  await campaignRow(page, PREMIUM.name).click();
  await expect(page.getByTestId('express-campaign').getByTestId('express-status').first()).toHaveText(
    'Completed',
  );
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByTestId('review-rating').locator('label').last().click();
  await page.getByRole('button', { name: 'Send review' }).click();
  const thanks = page.getByText('Thank you!', { exact: true });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeHidden({ timeout: 20_000 });

  // Renew: the check shows the price, the renewal holds it again and opens the new campaign.
  await page.getByRole('link', { name: 'Renew', exact: true }).click();
  await expect(page).toHaveURL(/\/renew\/express\/campaign\?campaign_id=\d+/);
  await expect(page.getByText(PREMIUM.name)).toBeVisible();
  await page.getByRole('button', { name: `Renew for ${PREMIUM.price} coins` }).click();
  await expect(page).toHaveURL(/\/express-campaigns\/\d+$/);
  await expect(page.getByTestId('express-campaign').getByTestId('express-status').first()).toHaveText(
    'Pending for Approval',
  );
  expect(await balanceOf(request, artist.email)).toBe(OPENING - 2 * PREMIUM.price);
});

test('an artist with no coins pays a campaign by card on the sandbox page; a cancelled payment keeps the choices', async ({
  page,
  request,
}) => {
  const email = await createVerifiedUser(request, 'card-artist', 1);
  const link = `https://open.spotify.com/track/${freshTrackId()}`;
  await signIn(page, email);
  await page.goto('/create/express/campaign');
  await page.getByTestId('track-link').fill(link);
  await page.getByTestId('made-with-ai-no').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('playlist-card').first()).toBeVisible();
  await page.getByTestId('playlist-card').filter({ hasText: STARTER.name }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('express-balance')).toHaveText('0 coins');
  await page.getByTestId('method-card').click();
  await expect(page.getByTestId('method-card')).toBeChecked();

  // First attempt: cancelled on the card page; the link and the playlist come back.
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\//);
  await page.getByRole('button', { name: /Cancel/ }).click();
  await expect(page).toHaveURL(/\/create\/express\/campaign/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('track-link')).toHaveValue(link);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('playlist-card').filter({ hasText: STARTER.name })).toHaveAttribute(
    'data-selected',
    'true',
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('method-card').click();

  // Second attempt: paid; back on the product the campaign exists and the wallet is unchanged.
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/express\/campaigns\/list/);
  await expect(page.locator('table tbody tr', { hasText: STARTER.name })).toHaveCount(1);
  await expect(page.locator('table tbody tr').first().getByTestId('express-status')).toHaveText(
    'Pending for Approval',
  );
  expect(await balanceOf(request, email)).toBe(0);
});

/** A user's wallet balance in coins, read through the API after signing in. */
async function balanceOf(request: APIRequestContext, email: string): Promise<number> {
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.get('/api/wallet/user/current/balance', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

test('curator connects Spotify, lists a playlist that waits for approval, admin approves it', async ({
  page,
  request,
}) => {
  const email = await createVerifiedUser(request, 'express-curator', 2);
  const playlistId = freshTrackId();
  await signIn(page, email);

  // Connect: the sandbox consent page stands in for Spotify, then /express/callback.
  await page.goto('/connection/list');
  await page.getByTestId('connect-spotify').click();
  await page.locator('input[name="email"]').fill(`sandbox-${playlistId}@spotify.test`);
  await page.getByRole('button', { name: 'Agree' }).click();
  await expect(page).toHaveURL(/\/connection\/list$/);
  await expect(page.getByTestId('connection-row')).toHaveCount(1);
  await expect(page.getByTestId('connection-row')).toContainText('Active');

  // Create: the /playlist/ rule, the preview, then tier and duration.
  await page.goto('/express/my/playlist/create');
  await page.getByTestId('playlist-link').fill(`https://open.spotify.com/album/${playlistId}`);
  await page.getByTestId('check-playlist').click();
  await expect(
    page.getByText('The playlist link must start with https://open.spotify.com/playlist/'),
  ).toBeVisible();
  await page.getByTestId('playlist-link').fill(`https://open.spotify.com/playlist/${playlistId}`);
  await page.getByTestId('check-playlist').click();
  await expect(page.getByTestId('playlist-preview')).toBeVisible();
  const name = (await page.getByTestId('playlist-preview').locator('p').first().textContent()) ?? '';
  await page.getByTestId('tier-select').click();
  await page.getByRole('option', { name: /Starter/ }).click();
  await page.getByTestId('duration-select').click();
  await page.getByRole('option', { name: '14 days' }).click();
  await page.getByTestId('create-playlist').click();
  await expect(page.getByTestId('playlist-created')).toContainText('waits for admin approval');
  await page.getByRole('link', { name: 'Open the playlist' }).click();
  await expect(page.getByTestId('playlist-view')).toContainText(name);
  const listedId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('playlist-status')).toHaveText('Pending');

  // The same playlist cannot be listed twice.
  await page.goto('/express/my/playlist/create');
  await page.getByTestId('playlist-link').fill(`https://open.spotify.com/playlist/${playlistId}`);
  await page.getByTestId('check-playlist').click();
  await expect(page.getByText('This playlist is already listed')).toBeVisible();

  // Admin approves it.
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill('admin@demo.test');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/express/playlist/view/${listedId}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByText('Approved').first()).toBeVisible();
  await page.goto('/admin/express/playlists/list?filter[status_id]=1');
  await expect(page.getByRole('heading', { name: 'Express playlists' })).toBeVisible();
});
