import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createVerifiedUser, getAdminToken, signInAdmin, signInAs } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** On the sandbox consent page: authorize as `username` with `followers` (and an Instagram type). */
async function authorize(
  page: Page,
  platform: 'tiktok' | 'instagram',
  username: string,
  followers: number,
  type?: string,
) {
  await expect(page).toHaveURL(new RegExp(`/api/sandbox/${platform}/authorize`));
  await expect(page.getByText('SANDBOX')).toBeVisible();
  await page.locator('#username').fill(username);
  await page.locator('#followers').fill(String(followers));
  if (type) await page.locator('#account_type').selectOption(type);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

/** Chooses the tier whose name starts the option's label, in the account's row or card. */
async function chooseTier(page: Page, username: string, tier: string) {
  const record = page.locator('[data-testid="social-account-row"], [data-testid="list-card"]', {
    hasText: username,
  });
  await record.getByTestId('tier-select').click();
  await page.getByRole('option', { name: new RegExp(`^${tier} ·`) }).click();
  await expect(record.getByTestId('tier-select')).toHaveValue(new RegExp(`^${tier} ·`));
}

/** The social tiers' names as each journey's reader sees them (reference data is translated). */
const TIER_NAMES = {
  en: { Nano: 'Nano', Micro: 'Micro', Macro: 'Macro' },
  ar: { Nano: 'نانو', Micro: 'مايكرو', Macro: 'ماكرو' },
} as const;

const JOURNEYS = [
  { language: 'en', width: 1366, height: 860 },
  { language: 'ar', width: 390, height: 844 },
] as const;

for (const { language, width, height } of JOURNEYS) {
  test(`an influencer connects TikTok and Instagram through the sandbox, sets tiers; staff see them (${language}, ${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const email = await createVerifiedUser(request, `influencer-${language}`, 3);
    await page.setViewportSize({ width, height });
    await signInAs(page, email, language);
    const suffix = `${language}${Date.now().toString(36)}`;
    const tiktokHandle = `tt.${suffix}`;
    const instagramHandle = `ig.${suffix}`;

    if (width > 1000) {
      // The influencer's menu leads to the accounts (and no longer to a Spotify list refusing them).
      // The menu is collapsed by default: its Campaign Management group opens a popover.
      await page.getByTestId('side-menu').getByRole('button', { name: 'Campaign Management' }).click();
      await page.getByRole('menuitem', { name: 'TikTok & Instagram accounts' }).click();
    } else {
      await page.goto('/tiktok/connection/list');
    }
    await expect(page).toHaveURL(/\/tiktok\/connection\/list/);
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await shot(page, `influencer-connections-empty-${language}-${width}`);

    // TikTok: consent on the sandbox page, back to the list with the follower count.
    await page.getByTestId('connect-tiktok').click();
    await authorize(page, 'tiktok', tiktokHandle, 20_000);
    await expect(page).toHaveURL(/\/tiktok\/connection\/list$/);
    const tiktokRecord = page.locator('[data-testid="social-account-row"], [data-testid="list-card"]', {
      hasText: tiktokHandle,
    });
    await expect(tiktokRecord).toBeVisible();
    await expect(tiktokRecord).toContainText('20,000');
    const tierName = TIER_NAMES[language];
    await chooseTier(page, tiktokHandle, tierName.Micro);
    await page.reload();
    await expect(tiktokRecord.getByTestId('tier-select')).toHaveValue(new RegExp(`^${tierName.Micro} ·`));
    await shot(page, `influencer-tiktok-${language}-${width}`);

    // Instagram: a personal account is refused with the translated reason, a creator account connects.
    await page.getByTestId('platform-switch').getByText('Instagram').click();
    await expect(page).toHaveURL(/platform=instagram/);
    await page.getByTestId('connect-instagram').click();
    await authorize(page, 'instagram', `${instagramHandle}.me`, 900, 'PERSONAL');
    await expect(page.getByTestId('connection-error')).toBeVisible();
    await expect(page.getByTestId('connection-error')).toContainText(
      language === 'ar' ? 'حساب Instagram شخصي' : 'is a personal Instagram account',
    );
    await shot(page, `influencer-instagram-personal-refused-${language}-${width}`);
    await page.getByTestId('connection-error').getByRole('button').click();
    await expect(page).toHaveURL(/platform=instagram/);
    await page.getByTestId('connect-instagram').click();
    await authorize(page, 'instagram', instagramHandle, 4_200, 'MEDIA_CREATOR');
    await expect(page).toHaveURL(/\/tiktok\/connection\/list\?platform=instagram$/);
    await chooseTier(page, instagramHandle, tierName.Nano);
    // A tier needing more followers is offered but cannot be chosen.
    const instagramRecord = page.locator('[data-testid="social-account-row"], [data-testid="list-card"]', {
      hasText: instagramHandle,
    });
    await instagramRecord.getByTestId('tier-select').click();
    await expect(page.getByRole('option', { name: new RegExp(`^${tierName.Macro} ·`) })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await page.keyboard.press('Escape');
    await shot(page, `influencer-instagram-${language}-${width}`);

    // Staff see both accounts, with followers and tiers, in the user overview's Connections tab.
    const token = await getAdminToken(request);
    const found = await request.get(`/api/admin/users?filter[email]=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const user = (await found.json()).data[0] as { id: number };
    await signInAdmin(page, language);
    await page.goto(`/admin/users/${user.id}`);
    await page.getByTestId('tab-connections').click();
    await expect(page.getByTestId('connections-tiktok')).toContainText(tiktokHandle);
    await expect(page.getByTestId('connections-tiktok')).toContainText(tierName.Micro);
    await expect(page.getByTestId('connections-instagram')).toContainText(instagramHandle);
    await expect(page.getByTestId('connections-instagram')).toContainText(tierName.Nano);
    await shot(page, `admin-user-connections-${language}-${width}`);

    await page.goto('/admin/tiktok/express/tiers/list');
    await expect(page.getByTestId('lookup-row').first()).toBeVisible();
    await shot(page, `admin-tiktok-tiers-${language}-${width}`);
    await page.goto('/admin/instagram/express/durations/list');
    await expect(page.getByTestId('lookup-row').first()).toBeVisible();
    await shot(page, `admin-instagram-durations-${language}-${width}`);
  });
}

test('the demo influencer has a TikTok and an Instagram account with tiers', async ({ page }) => {
  await signInAs(page, 'influencer@demo.test', 'en');
  await page.goto('/tiktok/connection/list');
  await expect(page.getByTestId('social-account-row').filter({ hasText: 'ines.dances' })).toBeVisible();
  await expect(page.getByTestId('tier-select')).toHaveValue(/^Mid ·/);
  await page.goto('/tiktok/connection/list?platform=instagram');
  await expect(page.getByTestId('social-account-row').filter({ hasText: 'ines.sings' })).toBeVisible();
  await expect(page.getByTestId('tier-select')).toHaveValue(/^Micro ·/);
  // The Spotify campaign list is not an influencer's: not-found instead of a refused call (403).
  await page.goto('/express/campaigns/list');
  await expect(page.getByTestId('not-found')).toBeVisible();
});
