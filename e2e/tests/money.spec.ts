import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  buyCoinsByCard,
  createVerifiedUser,
  DEMO_PASSWORD,
  lookUpFreshTrack,
  shotWithoutOverflow,
  signIn,
  signOut,
} from './helpers';

/**
 * the wallet says what each movement was, the artist profile carries
 * what curators need (and the dashboard names what is missing), the pitch reaches the curator; in
 * English and Arabic, at 1366 and 390 px.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
/** The demo curator's cheapest approved playlist (apps/api express.seed.ts). */
const STARTER = { name: 'Fresh Hip-Hop Finds', price: 50 };
const OPENING = 1000;

/** A screenshot at the current viewport, and a check that nothing scrolls sideways. */
const shot = (page: Page, name: string) => shotWithoutOverflow(page, SHOTS, name);

/** A fresh artist who bought coins by card on the sandbox checkout (a custom amount). */
async function artistWithCoins(request: APIRequestContext): Promise<{ email: string; token: string }> {
  const email = await createVerifiedUser(request, 'money-artist', 1);
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { Authorization: `Bearer ${token}` };
  await buyCoinsByCard(request, headers, OPENING);
  return { email, token };
}

async function useArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test('artist profile, pitch for the curator and wallet descriptions, in English and Arabic, at 1366 and 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const artist = await artistWithCoins(request);
  const { link, track } = await lookUpFreshTrack(request, artist.token);

  // The dashboard names exactly what the profile lacks, with a link to /account.
  await signIn(page, artist.email);
  const missing = page.getByTestId('profile-missing');
  await expect(missing).toContainText('artist name');
  await expect(missing).toContainText('genres');
  await expect(missing).toContainText('Spotify artist link');
  await expect(missing).toContainText('short bio');
  await shot(page, 'dashboard-profile-missing-en-1366');
  await page.getByTestId('profile-edit-link').click();
  await expect(page).toHaveURL(/\/account$/);

  // /account: the artist profile, links checked against their formats.
  const form = page.getByTestId('artist-profile');
  await form.getByTestId('artist-name').fill('The Night Owls');
  await form.getByTestId('artist-genres').click();
  await page.keyboard.type('pop');
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await form.getByTestId('artist-spotify-link').fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
  await form.getByTestId('artist-instagram-link').fill('https://www.instagram.com/night.owls');
  await form.getByTestId('artist-bio').fill('Indie pop from Leeds, late-night synths and big choruses.');
  await page.getByTestId('profile-save').click();
  await expect(form).toContainText(
    'Enter the link of your Spotify artist page, e.g. https://open.spotify.com/artist/',
  );
  await shot(page, 'account-link-format-en-1366');
  await form
    .getByTestId('artist-spotify-link')
    .fill('https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('profile-missing')).not.toContainText('artist name');
  await expect(page.getByTestId('profile-missing')).not.toContainText('short bio');

  // The wizard: a pitch over 140 characters is refused with its counter; the card option shows pounds.
  await page.goto('/create/express/campaign');
  await page.getByTestId('track-link').fill(link);
  const pitch = page.getByTestId('campaign-pitch');
  await pitch.fill('x'.repeat(141));
  await expect(page.getByText('141 / 140')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Pitch too long')).toBeVisible();
  const words = 'Late-night synth pop with a big chorus, made for your Friday playlist.';
  await pitch.fill(words);
  await expect(page.getByText(`${words.length} / 140`)).toBeVisible();
  await page.getByTestId('made-with-ai-no').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('playlist-card').filter({ hasText: STARTER.name }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('payment-method')).toContainText(/Pay £\d+\.\d\d by card/);
  await page.getByRole('button', { name: 'Pay with coins' }).click();
  await expect(page).toHaveURL(/\/express\/campaigns\/list/);

  // The wallet says what each movement was, with signed totals.
  await page.goto('/wallet/user/transaction');
  const descriptions = page.getByTestId('tx-description');
  await expect(descriptions.first()).toContainText(`“${track.name}” on ${STARTER.name}`);
  await expect(descriptions.nth(1)).toHaveText('Coins bought by Card');
  await expect(page.getByTestId('tx-total').first()).toContainText('−£');
  await expect(page.getByTestId('tx-total').nth(1)).toContainText('+£');
  await shot(page, 'wallet-descriptions-en-1366');

  // Arabic at 390 px: the same list as cards, descriptions in Arabic.
  await useArabic(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('table')).toHaveCount(0);
  await expect(page.getByTestId('list-card').first()).toContainText('الحملة رقم');
  await expect(page.getByTestId('list-card').nth(1)).toContainText('شراء عملات عبر');
  await shot(page, 'wallet-descriptions-ar-390');
  await page.goto('/account');
  await expect(page.getByTestId('artist-profile')).toContainText('ملف الفنان');
  await page.getByTestId('artist-profile').scrollIntoViewIfNeeded();
  await shot(page, 'account-artist-profile-ar-390');
  // The wizard's pitch in Arabic on a phone: the counter and the refusal.
  await page.goto('/create/express/campaign');
  await page.getByTestId('track-link').fill(link);
  await page.getByTestId('campaign-pitch').fill('ب'.repeat(141));
  await page.getByRole('button', { name: 'التالي' }).click();
  await expect(page.getByText('العرض الترويجي طويل جدًا')).toBeVisible();
  await shot(page, 'wizard-pitch-too-long-ar-390');
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto('/wallet/user/transaction');
  await expect(page.getByTestId('tx-description').first()).toContainText('الحملة رقم');
  await shot(page, 'wallet-descriptions-ar-1366');
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'en'));
  await page.reload();
  await signOut(page);

  // The curator sees the pitch in the incoming list and on the detail, in both languages.
  await signIn(page, 'curator@demo.test');
  await page.goto(`/express/campaigns/list?q=${encodeURIComponent(track.name)}`);
  const row = page.locator('table tbody tr', { hasText: STARTER.name });
  await expect(row.getByTestId('list-pitch')).toContainText(words);
  await shot(page, 'curator-incoming-pitch-en-1366');
  await row.click();
  await expect(page.getByTestId('campaign-pitch')).toContainText(words);
  await shot(page, 'curator-campaign-pitch-en-1366');
  const campaignId = /\/express-campaigns\/(\d+)/.exec(page.url())![1];
  await useArabic(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('campaign-pitch')).toContainText('العرض الترويجي من الفنان');
  await shot(page, 'curator-campaign-pitch-ar-390');

  // Staff see it on the back-office campaign detail.
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto('/admin/login');
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'en'));
  await page.reload();
  await page.locator('input[name="email"]').fill('admin@demo.test');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/express-campaigns/${campaignId}`);
  await expect(page.getByTestId('campaign-pitch')).toContainText(words);
  await shot(page, 'admin-campaign-pitch-en-1366');
});
