import { expect, test } from '@playwright/test';
import { chooseFromTopBarMenu, getAdminToken, signIn } from './helpers';

test('switching to Arabic flips the layout to right-to-left', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('language-select').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('APP_LANG'))).toBe('ar');

  // The choice survives a reload and applies inside the signed-in shell.
  await page.locator('input[name="email"]').fill('artist@demo.test');
  await page.locator('input[name="password"]').fill('Demo-pass-2026');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const box = await page.getByTestId('side-menu').boundingBox();
  expect(box!.x).toBeGreaterThan(1000);

  // A click landing while the menu is still opening can be lost on a loaded machine: open it again.
  await page.waitForLoadState('networkidle');
  await expect(async () => {
    if (!(await page.getByTestId('language-fr').isVisible()))
      await page.getByTestId('language-switch').click();
    await page.getByTestId('language-fr').click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: /Bienvenue, / })).toBeVisible();
});

test('each skin applies', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  for (const skin of ['light', 'bordered', 'semi-dark', 'dark']) {
    await page.getByTestId('skin-select').selectOption(skin);
    await expect(page.locator('html')).toHaveAttribute('data-skin', skin);
    await expect(page.locator('html')).toHaveAttribute(
      'data-mantine-color-scheme',
      skin === 'dark' ? 'dark' : 'light',
    );
  }

  await signIn(page, 'artist@demo.test');
  for (const skin of ['light', 'bordered', 'semi-dark', 'dark'] as const) {
    // The menu of the previous round closes with a transition (a click on its fading item is lost)
    // and may still be open: open it when needed and pick again until the skin is applied.
    await chooseFromTopBarMenu(page, 'skin-switch', `skin-${skin}`, 'data-skin', skin);
    const navbar = page.locator('.lm-navbar');
    if (skin === 'semi-dark') await expect(navbar).toHaveAttribute('data-mantine-color-scheme', 'dark');
    else await expect(navbar).not.toHaveAttribute('data-mantine-color-scheme', 'dark');
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = skin === 'dark';
    const [r] = body.match(/\d+/g)!.map(Number);
    expect(dark ? r! < 80 : r! > 180, `${skin} body ${body}`).toBeTruthy();
    if (skin === 'bordered') {
      const border = await page
        .getByTestId('dashboard')
        .locator('.mantine-Card-root')
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopWidth);
      expect(border).toBe('1px');
    }
  }
  expect(await page.evaluate(() => localStorage.getItem('APP_SKIN'))).toBe('dark');
});

test('the side menu starts collapsed and expands', async ({ page }) => {
  await signIn(page, 'artist@demo.test');
  await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'true');
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'false');
  await expect(page.getByTestId('side-menu').getByText('Dashboard')).toBeVisible();
  await page.getByTestId('menu-toggle').click();
});

test('the sandbox covers show when the product is opened as 127.0.0.1', async ({ page, baseURL }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|ERR_BLOCKED_BY_RESPONSE/.test(m.text())) refused.push(m.text());
  });
  const loopback = baseURL!.replace('//localhost:', '//127.0.0.1:');
  await page.goto(`${loopback}/login`);
  await page.locator('input[name="email"]').fill('artist@demo.test');
  await page.locator('input[name="password"]').fill('Demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  // The demo artist's last campaigns show their tracks' covers, stored as http://localhost:…/api/sandbox/….
  const covers = page.locator('img[src*="/api/sandbox/spotify/cover/"]');
  await expect(covers.first()).toBeVisible();
  await expect
    .poll(() => covers.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  expect(refused).toEqual([]);
});

test('a user who loads a page during maintenance stays signed in when it ends', async ({ page, request }) => {
  const token = await getAdminToken(request);
  const settings = (data: object) =>
    request.put('/api/admin/settings', { headers: { Authorization: `Bearer ${token}` }, data });
  await signIn(page, 'artist@demo.test');
  try {
    expect((await settings({ maintenance_mode: true, maintenance_message: 'Back at 14:00 UTC.' })).ok()).toBe(
      true,
    );
    await page.reload();
    await expect(page.getByTestId('maintenance-screen')).toBeVisible();
    await expect(page.getByTestId('maintenance-message')).toHaveText('Back at 14:00 UTC.');
    expect((await settings({ maintenance_mode: false, maintenance_message: '' })).ok()).toBe(true);
    // Before: "Try again" led to the login page, the session dropped.
    await page.getByTestId('maintenance-retry').click();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
  } finally {
    await settings({ maintenance_mode: false, maintenance_message: '' });
  }
});
