import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { DEMO_PASSWORD } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/h6-flags-shots';
/** The demo seed's bot-fed playlist (apps/api/src/modules/trust/flags.demo.ts). */
const PLAYLIST = 'Viral Overnight Hits';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function signIn(page: Page, path: '/login' | '/admin/login', email: string, language: 'en' | 'ar') {
  await page.goto(path);
  await page.evaluate((lang) => localStorage.setItem('APP_LANG', lang), language);
  await page.reload();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
}

/** The demo artist's campaign on the flagged playlist, read through the API. */
async function artistCampaign(request: APIRequestContext) {
  const login = await request.post('/api/user/login', {
    data: { email: 'artist@demo.test', password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.get('/api/express/artist/campaigns?limit=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = (await res.json()).data as {
    id: number;
    status: { id: number };
    playlist: { name: string };
  }[];
  return rows.find((c) => c.playlist.name === PLAYLIST)!;
}

test('staff confirm a flagged playlist from its explanation; the artist sees the open campaign refunded (en 1366, ar 390)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const open = await artistCampaign(request);
  expect(open.status.id).toBe(1);

  // English, 1366 px: the queue, the explanation, the confirmation.
  const staff = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await signIn(staff, '/admin/login', 'admin@demo.test', 'en');
  await expect(staff).toHaveURL(/\/admin\/dashboard/);
  await staff.goto('/admin/trust/flags');
  const row = staff.locator('table tbody tr', { hasText: PLAYLIST });
  await expect(row).toContainText('Sudden follower jump', { timeout: 30_000 });
  await expectAccessible(staff);
  await shot(staff, 'queue-en-1366');
  await row.click();
  await expect(staff.getByTestId('flag-explanation')).toContainText(/followers went from [\d,]+ to [\d,]+/);
  await expect(staff.getByTestId('flag-explanation')).toContainText('robust z-score');
  await shot(staff, 'flag-en-1366');
  // Other journeys on this worker's product may have bought the demo playlist too: every campaign still
  // open on it is refunded, the artist's among them.
  const header =
    (await staff
      .getByText(/Open campaigns: [\d,]+/)
      .first()
      .textContent()) ?? '';
  const openCount = Number(/Open campaigns: ([\d,]+)/.exec(header)![1]!.replaceAll(',', ''));
  expect(openCount).toBeGreaterThanOrEqual(1);
  await staff.getByRole('button', { name: 'Confirm: hide and refund' }).click();
  await staff.getByRole('dialog').getByRole('textbox').fill('Three one-day jumps of 30 % in a month');
  await staff.getByTestId('confirm-yes').click();
  await expect(staff.getByTestId('flag-refunded')).toHaveText(
    openCount === 1 ? '1 open campaign refunded' : `${openCount} open campaigns refunded`,
  );
  await expect(staff.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await staff.close();

  // Arabic, 390 px: the artist's campaign shows the refund.
  const artist = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(artist, '/login', 'artist@demo.test', 'ar');
  await expect(artist.getByTestId('dashboard')).toBeVisible();
  await artist.goto(`/express-campaigns/${open.id}`);
  await expect(artist.getByText('أنهاها الفريق مع استرداد').first()).toBeVisible();
  await expectAccessible(artist);
  await shot(artist, 'campaign-ar-390');
  expect((await artistCampaign(request)).status.id).toBe(7);
  await artist.close();
});
