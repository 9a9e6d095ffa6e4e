import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/** Signs in to the user app in `language` (the choice stored under APP_LANG first). */
async function signInAs(page: Page, email: string, language: 'en' | 'ar') {
  await page.goto('/login');
  await page.evaluate((lang) => localStorage.setItem('APP_LANG', lang), language);
  await page.reload();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

test('the artist picks a plan on the landing page, pays with coins, turns auto-renew off and cancels (issue 15)', async ({
  page,
}) => {
  await signInAs(page, 'artist@demo.test', 'en');
  await page.goto('/fan-finder/landing/page');
  await expect(page.getByTestId('fan-finder-landing')).toBeVisible();
  const monthly = page.locator('[data-testid^="landing-plan-"]').filter({ hasText: 'Monthly' });
  await expect(monthly).toContainText('300');
  await monthly.getByRole('link', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/\/fan-finder\/subscribe\?plan=\d+/);
  await expect(page.getByTestId('fan-finder-balance')).toContainText(/Your balance: [\d,]+ coins/);
  await page.getByTestId('fan-finder-pay').click();

  const card = page.getByTestId('fan-finder-subscription');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Monthly');
  await expect(page.getByTestId('fan-finder-remaining')).toHaveText('30 days');
  const autoRenew = page.getByTestId('fan-finder-auto-renew');
  await expect(autoRenew).toBeChecked();
  await autoRenew.click({ force: true });
  await expect(autoRenew).not.toBeChecked();
  await expect(page.getByText('Automatic renewal is off')).toBeVisible();

  await page.getByTestId('fan-finder-cancel').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(card).toContainText('Cancelled');
  await expect(page.getByTestId('fan-finder-remaining')).toHaveText('30 days');

  // The wallet shows one Fan Finder purchase.
  await page.goto('/wallet/user/transaction');
  await expect(page.getByText('Fan Finder subscription').first()).toBeVisible();
});

test('in Arabic the landing page and the subscription read right to left, translated', async ({ page }) => {
  await signInAs(page, 'artist@demo.test', 'ar');
  await page.goto('/fan-finder/landing/page');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('الخطط', { exact: true })).toBeVisible();
  await page.goto('/fan-finder/subscribe');
  await expect(page.getByTestId('fan-finder-subscription')).toBeVisible();
  await expect(page.getByText('اشتراكك في Fan Finder')).toBeVisible();
});
