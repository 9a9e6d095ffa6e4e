import { expect, test } from '@playwright/test';
import { createVerifiedUser, DEMO_PASSWORD, signInAdmin } from './helpers';

/**
 * API keys of staff (issue 34): a key with one of their own permissions, and a user's key revoked from
 * the user overview. The artist's own key (created, used, refused outside its scopes, revoked) is in
 * the open-platform journey of webhooks.spec.ts, in English and Arabic.
 */
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
