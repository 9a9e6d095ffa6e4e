import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

test('admin signs in, sees the dashboard and the dev mailbox', async ({ page, request }) => {
  // Make sure the outbox holds a mail (a reset link for the demo artist).
  expect(
    (await request.post('/api/forget-password', { data: { email: 'artist@demo.test' } })).ok(),
  ).toBeTruthy();
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.locator('input[name="email"]').fill('admin@demo.test');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  await expect(page.getByText('Super Admin').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('USER_TOKEN'))).toBeTruthy();

  await page.getByTestId('side-menu').getByRole('link', { name: 'Dev mailbox' }).click();
  await expect(page).toHaveURL(/\/admin\/dev\/mailbox/);
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  const row = page.locator('table tbody tr', { hasText: 'artist@demo.test' }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('mail-detail')).toBeVisible();
});

test('a wrong admin password shows the error under the field', async ({ page }) => {
  await page.goto('/admin/login');
  // Not the demo admin: failed sign-ins count against the account (5 per 15 minutes).
  await page.locator('input[name="email"]').fill('nobody-admin@demo.test');
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('admin-login-form').getByText(/credentials/i)).toBeVisible();
});
