import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { freshTrackId, getAdminToken, signInAdmin } from './helpers';

/**
 * Staff act for a user: from the demo artist's overview, staff order a Spotify
 * express campaign paid with the artist's coins (/express/checkout) and find it in the overview's
 * Campaigns tab. English at 1366 px, Arabic at 390 px (cards instead of tables).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

for (const { lang, width, height } of [
  { lang: 'en', width: 1366, height: 900 },
  { lang: 'ar', width: 390, height: 844 },
] as const) {
  test(`staff order a campaign for the demo artist and see it in the overview (${lang}, ${width}px)`, async ({
    page,
    request,
  }) => {
    const token = await getAdminToken(request);
    const found = await request.get('/api/admin/users?filter[email]=artist@demo.test', {
      headers: { Authorization: `Bearer ${token}` },
    });
    // The filter matches by part of the address: take the demo artist's own row.
    const artistId = ((await found.json()).data as { id: number; email: string }[]).find(
      (u) => u.email === 'artist@demo.test',
    )!.id;

    await page.setViewportSize({ width, height });
    await signInAdmin(page, lang);

    await page.goto(`/admin/users/${artistId}`);
    await page.getByTestId('user-new-campaign').click();
    await expect(page).toHaveURL(new RegExp(`/admin/express/checkout\\?artist=${artistId}$`));
    // The artist comes preselected with their balance.
    await expect(page.getByTestId('behalf-balance')).toBeVisible();
    await page.getByTestId('behalf-track-link').fill(`https://open.spotify.com/track/${freshTrackId()}`);
    await page.getByTestId('behalf-playlists').click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('made-with-ai-no').check();
    await expect(page.getByTestId('behalf-total')).not.toContainText(/\b0\b/);
    await expectAccessible(page, `express checkout (${lang})`);
    await shot(page, `admin-behalf-checkout-${lang}-${width}`);

    const ordered = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/express/checkout') && r.request().method() === 'POST',
    );
    await page.getByTestId('behalf-checkout-submit').click();
    const response = await ordered;
    expect(response.status()).toBe(201);
    const [campaign] = (await response.json()).data as { id: number; track: { name: string } }[];

    // Back on the artist's overview: the new campaign in the Campaigns tab, waiting for the curator.
    await expect(page).toHaveURL(new RegExp(`/admin/users/${artistId}$`));
    await page.getByTestId('tab-campaigns').click();
    const panel = page.getByRole('tabpanel');
    const item = (width < 768 ? panel.getByTestId('list-card') : panel.locator('tbody tr')).filter({
      hasText: campaign!.track.name,
    });
    await expect(item.first()).toBeVisible();
    await expect(item.first()).toContainText(String(campaign!.id));
    if (lang === 'en') await expect(item.first()).toContainText('Pending for Approval');
    await shot(page, `admin-behalf-overview-${lang}-${width}`);
  });
}
