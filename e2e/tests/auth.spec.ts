import { expect, test } from '@playwright/test';
import {
  createVerifiedUser,
  DEMO_PASSWORD,
  lastMailId,
  NEW_PASSWORD,
  readCode,
  signInWithForm,
  signOut,
  typeCode,
  uniqueEmail,
  waitForMail,
} from './helpers';

test('register, read the code from the dev mailbox, verify, sign in, dashboard', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await page.getByTestId('user-type-2').click();
  await page.locator('input[name="first_name"]').fill('Nina');
  await page.locator('input[name="last_name"]').fill('Curator');
  await page.locator('input[name="email"]').fill(email);
  await page.getByTestId('gender-select').click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.locator('input[name="phone_number"]').fill('+44 20 7946 0958');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();

  await expect(page).toHaveURL(/\/verify-user\?email=/);
  await expect(page.getByTestId('verify-form')).toBeVisible();
  const { code } = await readCode(request, email);
  await typeCode(page, code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page).toHaveURL(/\/login\?email=/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveValue(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  // A first sign-in is welcomed, not "welcomed back".
  await expect(page.getByText('Welcome! You are signed in').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Nina!' })).toBeVisible();
  await expect(page.getByText('Curator').first()).toBeVisible();
});

test('register shows the validation messages of the contracts', async ({ page }) => {
  await page.goto('/register');
  await page.locator('input[name="password"]').fill('short');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('8 Chars at least')).toBeVisible();
  await expect(page.getByText('Gender Is Required')).toBeVisible();
  await expect(page.getByText('Field is required').first()).toBeVisible();

  await page.locator('input[name="first_name"]').fill('Al');
  await page.locator('input[name="last_name"]').fill('Artist');
  await page.locator('input[name="email"]').fill(uniqueEmail('mismatch'));
  await page.getByTestId('gender-select').click();
  await page.getByRole('option', { name: 'Other' }).click();
  await page.locator('input[name="password"]').fill('weakpassword');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Weak Password')).toBeVisible();
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(`${DEMO_PASSWORD}x`);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('sign in with the emailed second-step code (2FA)', async ({ page, request }) => {
  const email = await createVerifiedUser(request, 'twofactor');
  await signInWithForm(page, email);

  await page.goto('/security');
  await expect(page.getByTestId('two-factor-status')).toHaveText('Off');
  await page.getByTestId('two-factor-switch').click({ force: true });
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('On');
  await signOut(page);

  const before = await lastMailId(request, email);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('two-factor-form')).toBeVisible();
  const { code } = await readCode(request, email, before);
  await typeCode(page, code);
  await expect(page.getByTestId('dashboard')).toBeVisible();
});

test('forgot and reset password', async ({ page, request }) => {
  const email = await createVerifiedUser(request, 'reset');
  const before = await lastMailId(request, email);
  await page.goto('/forgot-password');
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();

  const { match } = await waitForMail(request, email, /(\/user\/reset-password\?[^\s]+)/, before);
  await page.goto(match[1]!);
  await expect(page.getByTestId('reset-form')).toBeVisible();
  await page.locator('input[name="password"]').fill(NEW_PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();

  await expect(page).toHaveURL(/\/login\?email=/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.locator('input[name="password"]').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // The link is single-use: opening it again goes to the expired screen.
  await signOut(page);
  await page.goto(match[1]!);
  await expect(page.getByTestId('expired-reset')).toBeVisible();
});

test('an invalid reset link goes to the expired screen', async ({ page }) => {
  await page.goto(`/user/reset-password?token=${'x'.repeat(40)}&email=nobody%40e2e.test`);
  await expect(page).toHaveURL(/\/expired\/password\/reset/);
  await expect(page.getByTestId('expired-reset')).toBeVisible();
});

test('Google sign-in: a link to /oauth from another browser is refused; the browser that started it signs up', async ({
  page,
  browser,
}) => {
  // Someone goes through Google's (sandbox) consent page and stops at the /oauth link with their code.
  const attackerContext = await browser.newContext();
  const attacker = await attackerContext.newPage();
  let link = '';
  await attacker.route('**/api/sandbox/google/consent', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    link = answer.headers().location ?? '';
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'stopped before /oauth' });
  });
  await attacker.goto('/login');
  await attacker.getByTestId('google-login').click();
  await expect(attacker).toHaveURL(/\/api\/sandbox\/google\/consent/);
  await attacker.locator('#email').fill(uniqueEmail('google-attacker'));
  await attacker.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => link).toContain('code=');
  await attackerContext.close();

  // The victim opens that link: refused with the reason, and offered to start again.
  await page.goto(link);
  await expect(page.getByTestId('oauth-failed')).toHaveText(
    'This Google sign-in was not started in this browser or has expired. Please start again',
  );
  await expect(page.getByTestId('dashboard')).toHaveCount(0);
  // The same refusal in Arabic.
  const arabicContext = await browser.newContext();
  const arabic = await arabicContext.newPage();
  await arabic.addInitScript(() => localStorage.setItem('APP_LANG', 'ar'));
  await arabic.goto(link);
  await expect(arabic.getByTestId('oauth-failed')).toHaveText(
    'لم يبدأ تسجيل الدخول عبر Google هذا في هذا المتصفح أو انتهت صلاحيته. يُرجى البدء من جديد',
  );
  await arabicContext.close();

  // Starting again from this browser signs up through the consent page and /complete/oauth.
  const email = uniqueEmail('google');
  await page.getByTestId('google-login').click();
  await expect(page).toHaveURL(/\/api\/sandbox\/google\/consent/);
  await page.locator('#email').fill(email);
  await page.locator('#first_name').fill('Gina');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/complete\/oauth/);
  await expect(page.getByTestId('complete-oauth-form')).toBeVisible();
  await page.getByTestId('user-type-2').click();
  await page.getByTestId('gender-select').click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Gina!' })).toBeVisible();
});
