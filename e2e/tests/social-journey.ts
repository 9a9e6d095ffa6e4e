import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/**
 * What the TikTok and Instagram express journeys share (artist buys, influencer submits,
 * the sandbox clock runs the campaign to its audit, both review): screenshots, sign-in per language,
 * fresh tokens after clock jumps, the dev clock, and both reviews.
 */

/** Once in English at 1366 px and once in Arabic at 390 px. */
export const JOURNEYS = [
  { language: 'en', width: 1366, height: 860 },
  { language: 'ar', width: 390, height: 844 },
] as const;

/** A full-page screenshot into SHOTS_DIR (default /tmp/shots) once the page is idle. */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? '/tmp/shots';
  mkdirSync(dir, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** A fresh user-app token of a demo user (sessions end with the clock jumps). */
export async function userToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Bearer headers of a fresh demo Super Admin session (a cached one may have expired with the clock). */
export async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  return { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
}

/**
 * Moves the product's clock forward (sandbox time travel) and runs what became due. `to`: up to just
 * past that instant (ISO) instead of a fixed step.
 */
export async function advanceClock(
  request: APIRequestContext,
  step: { days?: number; minutes?: number } | { to: string },
) {
  const headers = await adminHeaders(request);
  let data = step;
  if ('to' in step) {
    const clock = await request.get('/api/admin/dev/clock', { headers });
    const now = new Date(((await clock.json()) as { data: { now: string } }).data.now).getTime();
    data = { minutes: Math.max(1, Math.ceil((new Date(step.to).getTime() - now) / 60_000) + 1) };
  }
  const moved = await request.post('/api/admin/dev/clock/advance', { headers, data });
  expect(moved.ok(), await moved.text()).toBeTruthy();
}

/** Signs in to an app (`/` or `/admin/`) in `language`, the choice stored under APP_LANG first. */
export async function signInAs(page: Page, app: '' | '/admin', email: string, language: 'en' | 'ar') {
  await page.goto(`${app}/login`);
  // A session that expired with the clock sends the app back to its login page by itself: wait for it.
  await expect(page.getByTestId(app === '' ? 'login-form' : 'admin-login-form')).toBeVisible({
    timeout: 30_000,
  });
  await page.evaluate((lang) => localStorage.setItem('APP_LANG', lang), language);
  // The form is what matters, not every subresource: CI once saw a reload wait two minutes for "load".
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  if (app === '') await expect(page.getByTestId('dashboard')).toBeVisible();
  else await expect(page).toHaveURL(/\/admin\/dashboard/);
}

/** Sets the user app's session aside, so that another demo user can sign in on the same page. */
export async function signOutQuietly(page: Page) {
  await page.evaluate(() => {
    for (const store of [localStorage, sessionStorage]) store.removeItem('AUTH_TOKEN');
  });
}

/** The list row (table) or card (phones) of a campaign in a user-app list. */
export const listRecord = (page: Page, text: string) =>
  page.locator('[data-testid="list-row"], [data-testid="list-card"], tbody tr', { hasText: text }).first();

/**
 * The artist, signed in, reviews the influencer from the completed campaign's detail page (four stars)
 * after checking the refund shown there.
 */
export async function artistReviews(
  page: Page,
  detailPath: string,
  language: 'en' | 'ar',
  refunded: number,
  shotName?: string,
) {
  await page.goto(detailPath);
  const detail = page.getByTestId('social-campaign');
  await expect(detail.getByTestId('refunded-coins')).toContainText(String(refunded));
  await detail.getByRole('button', { name: language === 'ar' ? /تقييم/ : /Review/ }).click();
  const review = page.getByRole('dialog');
  // Four stars: the label of the radio whose value is 4 (the first label is the empty rating's). A
  // click that lands while the dialog is still opening selects nothing (CI saw the form refuse
  // "Please choose 1 to 5 stars" once): click until that radio is the one checked.
  const four = review.getByTestId('review-rating').locator('input[type="radio"][value="4"]');
  const label = review.locator(`label[for="${await four.getAttribute('id')}"]`);
  await expect(async () => {
    await label.click();
    await expect(four).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await review.getByRole('button', { name: language === 'ar' ? /إرسال/ : /Send review/ }).click();
  await expect(page.getByTestId('review-thanks').getByRole('dialog')).toBeVisible();
  if (shotName) await shot(page, shotName);
}

/** The influencer, signed in, reviews the artist of the completed campaign `song` from the list. */
export async function influencerReviews(page: Page, listPath: string, song: string, stars: number) {
  await page.goto(listPath);
  const finished = listRecord(page, song);
  await finished.getByTestId('review-artist').click();
  const mine = page.getByRole('dialog');
  const star = await mine.locator(`input[type="radio"][value="${stars}"]`).getAttribute('id');
  await mine.locator(`label[for="${star}"]`).click();
  await mine.getByTestId('review-submit').click();
  await expect(finished.getByTestId('artist-reviewed')).toContainText(`${stars}/5`);
}
