import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('a visitor is sent to login, then back to where they were going', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount/);
  await page.locator('input[name="email"]').fill('artist@demo.test');
  await page.locator('input[name="password"]').fill('Demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('account-page')).toBeVisible();
});

test('a curator opening an ARTIST_PERMISSION route gets not-found', async ({ page }) => {
  await signIn(page, 'curator@demo.test');
  await page.goto('/fan-finder/landing/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('fan-finder-landing')).toHaveCount(0);
});

test('an artist opens the same ARTIST_PERMISSION route', async ({ page }) => {
  await signIn(page, 'artist@demo.test');
  await page.goto('/fan-finder/landing/page');
  await expect(page.getByTestId('fan-finder-landing')).toBeVisible();
});

test('unknown routes show not-found, signed in or not', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await signIn(page, 'influencer@demo.test');
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.goto('/admin/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});
