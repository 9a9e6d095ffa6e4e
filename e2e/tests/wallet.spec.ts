import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, getAdminToken, signIn } from './helpers';

const ARTIST = 'artist@demo.test';

/** The demo artist's balance in coins, read from the API with a fresh token. */
async function balanceOf(request: APIRequestContext): Promise<number> {
  const login = await request.post('/api/user/login', { data: { email: ARTIST, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.get('/api/wallet/user/current/balance', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/**
 * The first package card (Starter: 100 coins for £95.00, 5 % under the £1.00 coin price), by its name
 * in the page's language: package names are reference data, translated like the rest of the page.
 */
function starter(page: Page, lang: 'en' | 'ar' = 'en') {
  const name = lang === 'ar' ? 'باقة البداية' : 'Starter';
  return page.locator('[data-testid^="package-"]').filter({ hasText: name });
}

test('the artist buys a package by card in the sandbox, sees the transaction and its invoice PDF', async ({
  page,
  request,
}) => {
  const before = await balanceOf(request);
  await signIn(page, ARTIST);
  await page.goto('/wallet/coins/packages');
  // What a coin purchase brings, not the followers or days of a campaign tier.
  await expect(starter(page).getByTestId('package-total-coins')).toHaveText('Total coins100');
  await expect(starter(page)).not.toContainText('Min Followers');
  await expect(starter(page)).not.toContainText('Duration in Days');
  await expect(starter(page).getByTestId('package-price')).toHaveText('£95.00');
  await expect(starter(page).getByTestId('package-saving')).toHaveText('Save 5%');
  await expect(starter(page).getByTestId('package-list-price')).toHaveText(
    '£100.00 at the coin price: you save £5.00',
  );

  await starter(page).getByTestId('pay-card').click();
  // The sandbox's hosted card page on the API.
  await expect(page).toHaveURL(/\/api\/sandbox\//);
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/wallet\/coins\/packages\?session_id=/);
  const result = page.getByTestId('payment-result');
  await expect(result).toHaveAttribute('data-status', 'paid');
  await expect(result.getByTestId('sandbox-badge')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveAttribute('title', (before + 100).toLocaleString('en'));
  expect(await balanceOf(request)).toBe(before + 100);

  // The purchase heads the transaction list; its detail modal opens the invoice PDF.
  await page.goto('/wallet/user/transaction');
  const row = page.locator('table tbody tr').first();
  await expect(row).toContainText('+100');
  await expect(row).toContainText('+£95.00');
  await row.locator('[data-testid^="tx-view-"]').click();
  const modal = page.getByTestId('tx-detail');
  await expect(modal).toContainText('Package “Starter” bought by Card');
  await expect(modal).toContainText('Amount in Liberty Coins');
  const popup = page.waitForEvent('popup');
  await modal.getByTestId('tx-view-invoice').click();
  const pdfPage = await popup;
  await pdfPage.waitForURL(/\/storage\//);
  const pdf = await page.request.get(pdfPage.url());
  expect(pdf.ok()).toBeTruthy();
  expect((await pdf.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  await pdfPage.close();
  await modal.getByTestId('tx-cancel').click();
  await expect(modal).toBeHidden();
});

test('a declined card says so, in English and in Arabic, and charges nothing', async ({ page, request }) => {
  const before = await balanceOf(request);
  await signIn(page, ARTIST);
  const languages = [
    {
      lang: 'en',
      title: 'Card declined',
      text: 'Your bank declined the card, so nothing was charged. Try another card, or pay with PayPal.',
    },
    {
      lang: 'ar',
      title: 'تم رفض البطاقة',
      text: 'رفض مصرفك البطاقة، لذلك لم يُخصم أي مبلغ. جرّب بطاقة أخرى أو ادفع عبر PayPal.',
    },
  ] as const;
  for (const { lang, title, text } of languages) {
    await page.evaluate((l) => localStorage.setItem('APP_LANG', l), lang);
    await page.goto('/wallet/coins/packages');
    await starter(page, lang).getByTestId('pay-card').click();
    await expect(page).toHaveURL(/\/api\/sandbox\//);
    await page.getByRole('button', { name: 'Simulate a declined card' }).click();
    await expect(page).toHaveURL(/\/wallet\/coins\/packages$/);
    const result = page.getByTestId('payment-result');
    await expect(result).toHaveAttribute('data-status', 'declined');
    await expect(result).toContainText(title);
    await expect(result).toContainText(text);
    await expect(result).not.toContainText('You left the payment page');
  }
  expect(await balanceOf(request)).toBe(before);
});

test('a custom amount of -50 coins is refused under the field, never turned into 10', async ({ page }) => {
  await signIn(page, ARTIST);
  await page.goto('/wallet/coins/packages');
  const custom = page.getByTestId('custom-amount');
  await custom.getByTestId('custom-coins').fill('-50');
  await custom.getByTestId('custom-coins').blur();
  await expect(custom.getByTestId('custom-coins')).toHaveValue('-50');
  await custom.getByTestId('custom-buy').click();
  await expect(custom).toContainText('Buy at least 10 coins');
  await expect(page).toHaveURL(/\/wallet\/coins\/packages$/);
  await custom.getByTestId('custom-coins').fill('40');
  await expect(custom.getByTestId('custom-buy')).toHaveText('Buy for £40.00');
});

test('the artist buys a package with PayPal in the sandbox, coming from Fan Finder and led back there', async ({
  page,
  request,
}) => {
  const before = await balanceOf(request);
  await signIn(page, ARTIST);
  // "Buy coins" of Fan Finder names the way back; a foreign one is never kept.
  await page.goto('/wallet/coins/packages?return=https%3A%2F%2Fevil.example%2F');
  await expect(page.getByTestId('packages-page')).toBeVisible();
  await expect(page.getByTestId('packages-back')).toHaveCount(0);
  await page.goto(`/wallet/coins/packages?return=${encodeURIComponent('/fan-finder/landing/page')}`);
  await expect(page.getByTestId('packages-back')).toHaveAttribute('href', '/fan-finder/landing/page');
  await starter(page).getByTestId('pay-paypal').click();
  await expect(page).toHaveURL(/\/api\/sandbox\//);
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expect(page).toHaveURL(/\/paypal\/callback\?token=/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'paid');
  expect(await balanceOf(request)).toBe(before + 100);
  await page.getByTestId('payment-continue').click();
  await expect(page).toHaveURL(/\/fan-finder\/landing\/page$/);
  await page.goto('/dashboard');
  await expect(page.getByTestId('balance')).toHaveAttribute('title', (before + 100).toLocaleString('en'));
});

test('the admin opens the main wallet and the deposits, and adjusts a balance with a reason', async ({
  page,
  request,
}) => {
  await getAdminToken(request);
  const before = await balanceOf(request);
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill('admin@demo.test');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();

  await page.goto('/admin/wallet/main/list');
  await expect(page.getByTestId('main-wallet')).toContainText('Coins sold');
  await expect(page.getByTestId('main-wallet')).toContainText('User wallets');

  await page.getByTestId('wallet-nav').getByRole('link', { name: 'Deposits' }).click();
  await expect(page).toHaveURL(/\/admin\/wallet\/deposit\/list/);
  await expect(page.locator('table tbody tr', { hasText: ARTIST }).first()).toContainText('Paid');

  await page.getByTestId('wallet-nav').getByRole('link', { name: 'Coin balances' }).click();
  await expect(page).toHaveURL(/\/admin\/wallet\/coins\/details\/list/);
  const row = page.locator('table tbody tr', { hasText: ARTIST });
  await expect(row.getByTestId('row-balance')).toHaveText(before.toLocaleString('en'));
  await row.getByRole('button', { name: 'Adjust' }).click();
  const form = page.getByTestId('adjust-form');
  // A deduction (a credit is paid out of platform revenue, empty on a fresh demo). The reason is required.
  await form.getByText('Deduct coins').click();
  await form.locator('input[name="coins"]').fill('25');
  await form.getByTestId('adjust-submit').click();
  await expect(form).toContainText('Please give a reason');
  await form.locator('textarea[name="reason"]').fill('Chargeback on a card payment');
  await form.getByTestId('adjust-submit').click();
  await expect(form).toBeHidden();
  await expect(row.getByTestId('row-balance')).toHaveText((before - 25).toLocaleString('en'));
  expect(await balanceOf(request)).toBe(before - 25);
});
