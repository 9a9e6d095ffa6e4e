import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, lastMailId, readCode, signIn, typeCode } from './helpers';

const CURATOR = 'curator@demo.test';

/** The demo curator's withdrawable coins and open request, read through the API. */
async function curatorState(request: APIRequestContext) {
  const login = await request.post('/api/user/login', { data: { email: CURATOR, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { Authorization: `Bearer ${token}` };
  const sums = (await (await request.get('/api/curator/sum/payouts', { headers })).json()) as {
    data: { balance: number };
  };
  const open = (await (await request.get('/api/payments/wise/unpaid/payouts/check', { headers })).json()) as {
    data: { has_unpaid: boolean };
  };
  return { balance: sums.data.balance, open: open.data.has_unpaid };
}

test('the demo curator withdraws earnings through the sandbox Wise and the admin approves the payout', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const before = await curatorState(request);
  expect(before.open).toBe(false);
  expect(before.balance).toBeGreaterThan(0);

  // Wallet Balance leads curators to their payouts.
  await signIn(page, CURATOR);
  await page.getByTestId('side-menu').getByRole('button', { name: 'Wallet' }).click();
  await page.getByRole('menuitem', { name: 'Wallet Balance' }).click();
  await expect(page).toHaveURL(/\/payouts\/list$/);
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await expect(page.getByTestId('withdrawable')).toHaveText(`${before.balance.toLocaleString('en')} coins`);
  await expect(page.getByTestId('payouts-chart')).toBeVisible();
  await page.getByTestId('withdraw').click();
  await expect(page).toHaveURL(/\/withdrawal\/list$/);

  // A bank account: wrong fields are refused one by one, then it is saved.
  await page.getByTestId('add-account').click();
  const form = page.getByTestId('recipient-form');
  await expect(form.getByTestId('recipient-field-sortCode')).toBeVisible();
  await form.getByTestId('recipient-holder').fill('Carl Curator');
  await form.getByTestId('recipient-field-sortCode').fill('12');
  await form.getByTestId('recipient-field-accountNumber').fill('12345678');
  await form.getByTestId('recipient-save').click();
  await expect(form.getByText('6 digits, e.g. 40-47-84')).toBeVisible();
  await form.getByTestId('recipient-field-sortCode').fill('40-30-20');
  await form.getByTestId('recipient-save').click();
  await expect(page.getByTestId('recipient-row').first()).toContainText('Carl Curator · GBP •••• 5678');

  // Quote for the whole balance: rate, fee, amount received and the 30-minute lock.
  await expect(page.getByTestId('quote-coins')).toHaveValue(before.balance.toLocaleString('en'));
  await page.getByTestId('get-quote').click();
  await expect(page).toHaveURL(/\/withdrawal\/[0-9a-f-]{36}$/);
  const quoteId = page.url().split('/').pop()!;
  await expect(page.getByTestId('quote-rate')).toHaveText('1 GBP = 1 GBP');
  await expect(page.getByTestId('quote-fee')).toContainText('£');
  await expect(page.getByTestId('quote-expiry')).toContainText(/Rate locked for (29|30):/);

  // The emailed code confirms it; the transfer is created with status 1 (Pending).
  const afterId = await lastMailId(request, CURATOR);
  await page.getByTestId('send-code').click();
  const { code } = await readCode(request, CURATOR, afterId);
  await typeCode(page, code);
  await page.getByTestId('confirm-withdrawal').click();
  const requested = page.getByTestId('withdrawal-requested');
  await expect(requested).toBeVisible();
  await expect(requested.getByTestId('payout-status')).toHaveText('Pending');
  await requested.getByTestId('view-payout').click();
  await expect(page).toHaveURL(/\/payouts\/\d+$/);
  const payoutId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('payout-card').getByTestId('payout-status')).toHaveText('Pending');
  expect((await curatorState(request)).balance).toBe(0);

  // The admin approves the request in Payout Requests; the sandbox Wise then pays it.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/login');
  await admin.locator('input[name="email"]').fill('admin@demo.test');
  await admin.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard/);
  await admin.goto('/admin/requests/list');
  await expect(admin.getByRole('heading', { name: 'Payout Requests' })).toBeVisible();
  await admin.getByTestId(`approve-${payoutId}`).click();
  // In CI a click on Yes once landed while the dialog was still opening and was lost (the dialog
  // stayed open, nothing was sent): click until the dialog closes. Approving is idempotent. The
  // dialog must be seen open first, or the loop passes before it appears and nobody clicks Yes.
  const yes = admin.getByTestId('confirm-yes');
  await expect(yes).toBeVisible();
  await expect(async () => {
    if (await yes.isVisible()) await yes.click();
    await expect(yes).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(admin.getByTestId(`approve-${payoutId}`)).toHaveCount(0);
  await admin.goto(`/admin/payouts/${payoutId}`);
  await expect(admin.getByTestId('hold-status')).toContainText('sent');
  // The page takes 1.5 to 2 s after its load event to show the payout on a quiet machine: each try
  // waits for the card itself, then reads the status it shows.
  await expect(async () => {
    await admin.reload();
    const card = admin.getByTestId('admin-payout');
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByTestId('payout-status')).toHaveText('Paid', { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(admin.getByTestId('wise-status')).toHaveText('Sent to the bank');
  await admin.goto(`/admin/transfers/${quoteId}`);
  await expect(admin.getByTestId('live-status')).toHaveText('Sent to the bank');

  await adminContext.close();

  // The curator sees the payout paid and downloads its receipt.
  await page.goto(`/payouts/${payoutId}`);
  await expect(page.getByTestId('payout-card').getByTestId('payout-status')).toHaveText('Paid');
  await page.getByTestId('make-receipt').or(page.getByTestId('receipt')).click();
  await expect(page.getByTestId('receipt')).toHaveAttribute('href', /payout-\d+\.pdf$/);
  expect(await curatorState(request)).toEqual({ balance: 0, open: false });
});
