import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { createVerifiedUser, DEMO_PASSWORD, getAdminToken, NEW_PASSWORD } from './helpers';

/**
 * The last three spec screens: the mobile apps' PayPal purchase (/paypal/payment/mobile), a
 * signed-in user's new password (/reset-password) and the back-office's public
 * /spotify/callback/{accessToken}, in English and Arabic, with screenshots at 390 px.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/notes/shots/screens';
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };

async function userToken(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await request.post('/api/user/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function packageId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/wallet/user/get/all-packages', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { id: number }[] }).data[0]!.id;
}

async function newPage(browser: Browser, lang: string, storage: Record<string, string> = {}, phone = false) {
  const context = await browser.newContext(phone ? { viewport: PHONE } : {});
  await context.addInitScript(
    (values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { APP_LANG: lang, ...storage },
  );
  return context.newPage();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

for (const lang of ['en', 'ar'] as const) {
  test(`the mobile apps' PayPal purchase (${lang}): app token in the fragment, PayPal, back to the app`, async ({
    browser,
    request,
  }) => {
    const token = await userToken(request, 'artist@demo.test');
    const pkg = await packageId(request, token);
    const page = await newPage(browser, lang, {}, true);
    await page.goto(`/paypal/payment/mobile?package_id=${pkg}#token=${token}`);
    // The sandbox PayPal page; the app's token has left the address bar and stays in this tab only.
    await expect(page).toHaveURL(/\/api\/sandbox\/paypal\//);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/paypal\/payment\/mobile\?token=/);
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-status', 'paid');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('mobile-back-to-app')).toHaveText(
      lang === 'ar' ? 'العودة إلى التطبيق' : 'Back to the app',
    );
    const href = await page.getByTestId('mobile-back-to-app').getAttribute('href');
    expect(href).toMatch(/^libertycoins:\/\/payment\/callback\?status=paid&coins=\d+&balance=\d+$/);
    expect(await page.evaluate(() => localStorage.getItem('AUTH_TOKEN'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('PAYPAL_MOBILE_TOKEN'))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await shot(page, `paypal-mobile-paid-${lang}-390`);

    // Leaving PayPal comes back here as cancelled; an unknown package is refused in the reader's language.
    await page.goto(`/paypal/payment/mobile?package_id=${pkg}#token=${token}`);
    await expect(page).toHaveURL(/\/api\/sandbox\/paypal\//);
    await page.getByRole('button', { name: 'Cancel and return' }).click();
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'cancelled');
    expect(await page.getByTestId('mobile-back-to-app').getAttribute('href')).toBe(
      'libertycoins://payment/callback?status=cancelled',
    );
    await shot(page, `paypal-mobile-cancelled-${lang}-390`);

    await page.goto(`/paypal/payment/mobile?package_id=999999#token=${token}`);
    await expect(page.getByTestId('paypal-mobile-error')).toContainText(
      lang === 'ar' ? 'تعذّر بدء الدفع' : 'could not start',
    );
    await shot(page, `paypal-mobile-error-${lang}-390`);

    // Opened without the app's session: nothing is charged, the page says so.
    const fresh = await newPage(browser, lang, {}, true);
    await fresh.goto('/paypal/payment/mobile?package_id=1');
    await expect(fresh.getByTestId('paypal-mobile-signed-out')).toBeVisible();
    await expectAccessible(fresh);
    await shot(fresh, `paypal-mobile-signed-out-${lang}-390`);
    await fresh.context().close();
    await page.context().close();
  });

  test(`/reset-password (${lang}): a signed-in user sets a new password with the current one`, async ({
    browser,
    request,
  }) => {
    const email = await createVerifiedUser(request, `setpw-${lang}`);
    const token = await userToken(request, email);
    const page = await newPage(browser, lang, { AUTH_TOKEN: token }, true);
    await page.goto('/reset-password');
    await expect(page.getByTestId('set-password-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(
      lang === 'ar' ? 'تعيين كلمة مرور جديدة' : 'Set a new password',
    );
    const form = page.getByTestId('change-password-form');
    const fields = form.locator('input[type="password"]');
    await expect(fields).toHaveCount(3);
    // A wrong current password is refused in the reader's language and changes nothing.
    await fields.nth(0).fill('Wrong-pass-1');
    await fields.nth(1).fill(NEW_PASSWORD);
    await fields.nth(2).fill(NEW_PASSWORD);
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.mantine-InputWrapper-error').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await shot(page, `reset-password-wrong-current-${lang}-390`);

    await fields.nth(0).fill(DEMO_PASSWORD);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const again = await request.post('/api/user/login', { data: { email, password: NEW_PASSWORD } });
    expect(again.ok()).toBeTruthy();
    await page.context().close();
  });

  test(`back-office /spotify/callback/{accessToken} (${lang}): staff connect the platform's Spotify account`, async ({
    browser,
    request,
  }) => {
    const admin = await getAdminToken(request);
    const page = await newPage(browser, lang, { USER_TOKEN: admin });
    await page.goto('/admin/system/settings');
    const card = page.getByTestId('platform-spotify-card');
    await expect(card).toBeVisible();
    await card.getByTestId('platform-spotify-connect').click();
    // The sandbox consent page (only while Spotify is the sandbox), then back through the API.
    await expect(page).toHaveURL(/\/api\/sandbox\/spotify\/authorize/);
    if (lang === 'ar') {
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('spotify-callback')).toHaveAttribute('data-status', 'denied');
      await expect(page.getByTestId('spotify-callback')).toContainText('تم إلغاء الربط');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectAccessible(page);
      await shot(page, 'spotify-callback-denied-ar');
      await page
        .getByTestId('platform-spotify-connect')
        .waitFor({ state: 'detached' })
        .catch(() => {});
      await page.goto('/admin/system/settings');
      await card.getByTestId('platform-spotify-connect').click();
    }
    await page.locator('#display_name').fill(`Liberty Coins ${lang}`);
    await page.getByRole('button', { name: 'Agree' }).click();
    await expect(page).toHaveURL(/\/admin\/spotify\/callback\/[\w-]+\.[\w-]+$/);
    const result = page.getByTestId('spotify-callback');
    await expect(result).toHaveAttribute('data-status', 'connected');
    await expect(result).toContainText(`Liberty Coins ${lang}`);
    await expectAccessible(page);
    await shot(page, `spotify-callback-connected-${lang}`);
    await page.getByTestId('spotify-callback-settings').click();
    await expect(page.getByTestId('platform-spotify-connected')).toContainText(`Liberty Coins ${lang}`);
    await shot(page, `settings-platform-spotify-${lang}`);

    // The same page, signed out and at 390 px, once the outcome has expired or was never ours.
    const phone = await newPage(browser, lang, {}, true);
    await phone.goto('/admin/spotify/callback/not-ours');
    await expect(phone.getByTestId('spotify-callback')).toHaveAttribute('data-status', 'expired');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, `spotify-callback-expired-${lang}-390`);
    await phone.context().close();
    await page.context().close();
  });
}
