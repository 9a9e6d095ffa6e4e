import { expect, test } from '@playwright/test';
import { createVerifiedUser, DEMO_PASSWORD, signInAdmin, signInAs } from './helpers';

/**
 * API keys (issue 34): an artist creates a key with two scopes, sees it once, the key reads the wallet
 * and is refused a write, then the artist revokes it; in English and Arabic. Staff make a key with one
 * of their own permissions.
 */
for (const language of ['en', 'ar'] as const) {
  test(`an artist creates, uses and revokes an API key (${language})`, async ({ page, request }) => {
    const email = await createVerifiedUser(request, `keys-${language}`);
    await signInAs(page, email, language);
    await page.goto('/account/api-keys');
    await expect(page.getByTestId('api-keys-page')).toBeVisible();
    if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await page.getByTestId('api-key-name').fill('Label dashboard');
    await page.getByTestId('api-key-scope-campaigns_read').check();
    await page.getByTestId('api-key-scope-wallet_read').check();
    await page.getByTestId('api-key-create').click();
    const secret = (await page.getByTestId('api-key-secret-value').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^lm_test_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('api-key-done').click();
    await expect(page.getByTestId('api-keys-table')).toContainText('Label dashboard');
    await expect(page.getByTestId('api-keys-table')).not.toContainText(secret);

    const wallet = await request.get('/api/wallet/user/transaction', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(wallet.status()).toBe(200);
    const write = await request.post('/api/express/campaigns/1/withdraw', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(write.status()).toBe(403);

    await page.getByTestId('api-key-revoke').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: language === 'ar' ? 'إلغاء' : 'Revoke' })
      .last()
      .click();
    await expect(page.getByTestId('api-key-status')).toHaveText(language === 'ar' ? 'ملغى' : 'Revoked');
    const refused = await request.get('/api/wallet/user/transaction', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.status()).toBe(401);
  });
}

test('staff make a key with one of their own permissions', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/account/api-keys');
  await expect(page.getByTestId('api-keys-page')).toBeVisible();
  await page.getByTestId('api-key-name').fill('Campaign export');
  await page.getByTestId('api-key-scope-campaigns_read').check();
  await page.getByTestId('api-key-permissions').click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('api-key-create').click();
  await expect(page.getByTestId('api-key-secret-value')).toContainText('lm_test_');
  await page.getByTestId('api-key-done').click();
  await expect(page.getByTestId('api-keys-table')).toContainText('Campaign export');
});

test("staff revoke a user's key on the user overview", async ({ page, request }) => {
  const email = await createVerifiedUser(request, 'keys-overview');
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  const session = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${session}` };
  const made = await request.post('/api/user/api-keys', {
    headers,
    data: { name: 'Leaked key', scopes: ['wallet:read'], expires_in_days: 7 },
  });
  const secret = ((await made.json()) as { data: { secret: string } }).data.secret;
  const info = await request.get('/api/user/info', { headers });
  const userId = ((await info.json()) as { data: { id: number } }).data.id;

  await signInAdmin(page);
  await page.goto(`/admin/users/${userId}`);
  await page.getByTestId('tab-api-keys').click();
  await expect(page.getByTestId('user-api-keys')).toContainText('Leaked key');
  await page.getByTestId('api-key-revoke').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).last().click();
  await expect(page.getByTestId('api-key-status')).toHaveText('Revoked');
  const refused = await request.get('/api/wallet/user/transaction', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);
});
