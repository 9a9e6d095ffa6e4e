import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  createVerifiedUser,
  DEMO_PASSWORD,
  getAdminToken,
  lastMailId,
  signInAdmin,
  uniqueEmail,
  waitForMail,
} from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

test('an admin approves a pending artist from the users list and overview', async ({ page, request }) => {
  // A new artist registers and verifies the address: status Pending For Approval.
  const email = await createVerifiedUser(request, 'pending-artist', 1);
  await signInAdmin(page);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/list/);
  await page.getByRole('button', { name: /Show the filters/ }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.locator('table tbody tr', { hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(/Pending for Approval/i)).toBeVisible();
  await shot(page, 'admin-users-list-en');
  await row.click();

  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByTestId('user-status')).toHaveText(/Pending for Approval/i);
  await expect(page.getByTestId('tab-dashboard')).toBeVisible();
  await expect(page.getByTestId('tab-activities')).toBeVisible();
  // Artists have no express playlists tab (curators only).
  await expect(page.getByTestId('tab-playlists')).toHaveCount(0);
  await shot(page, 'admin-user-overview-pending-en');
  const before = await lastMailId(request, email);
  await page.getByTestId('user-approve').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByTestId('user-status')).toHaveText('Approved');
  await expect(page.getByTestId('user-approve')).toHaveCount(0);
  await waitForMail(request, email, /approved/i, before);

  // The artist's sign-in shows in the Activities tab.
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBeTruthy();
  await page.getByTestId('tab-activities').click();
  await expect(page.locator('table tbody tr', { hasText: 'Signed in' }).first()).toBeVisible();

  // The demo artist's wallet tab: balance, totals, transactions filtered by number, details modal.
  const token = await getAdminToken(request);
  const found = await request.get('/api/admin/users?filter[email]=artist@demo.test', {
    headers: { Authorization: `Bearer ${token}` },
  });
  // The filter matches by part of the address: take the demo artist's own row.
  const demo = ((await found.json()).data as { id: number; email: string }[]).find(
    (u) => u.email === 'artist@demo.test',
  )!;
  await page.goto(`/admin/users/${demo.id}`);
  await page.getByTestId('tab-wallet').click();
  await expect(page.getByTestId('wallet-balance-card')).toBeVisible();
  await expect(page.getByTestId('wallet-totals')).toContainText('+');
  const firstRow = page.getByTestId('user-wallet').locator('table tbody tr').first();
  await expect(firstRow).toBeVisible();
  const number = ((await firstRow.locator('td').nth(1).textContent()) ?? '').trim();
  await page.getByTestId('tx-number-filter').fill(number.slice(2, 9));
  await page.getByTestId('tx-number-filter').press('Enter');
  await expect(page.getByTestId('user-wallet').locator('table tbody tr')).toHaveCount(1);
  await shot(page, 'admin-user-wallet-en');
  await page.getByTestId('user-wallet').locator('table tbody tr').first().click();
  await expect(page.getByTestId('tx-detail')).toContainText(number);
  await page.getByTestId('tx-cancel').click();
});

test('editing a user shows the server error under its field, in English and Arabic', async ({
  page,
  request,
}) => {
  const token = await getAdminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const genres = (await (await request.get('/api/user/genre/getAllGenresWithQ?limit=3')).json()).data as {
    id: number;
  }[];
  const tiers = (await (await request.get('/api/tier/getAllTiersWithQ')).json()).data as { id: number }[];
  const created = await request.post('/api/admin/users', {
    headers,
    data: {
      name: 'Lina Curator',
      email: uniqueEmail('lina'),
      user_type_id: 2,
      tier_id: tiers[0]!.id,
      genre_ids: genres.slice(0, 2).map((g) => g.id),
      phone_number: '+12015550123',
      country_code: 'GB',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = (await created.json()).data as { id: number };

  for (const language of ['en', 'ar'] as const) {
    await signInAdmin(page, language);
    await page.goto(`/admin/users/${user.id}`);
    await expect(page.getByTestId('user-name')).toHaveText('Lina Curator');
    await expect(page.getByTestId('tab-playlists')).toBeVisible();
    await shot(page, `admin-user-overview-${language}`);
    await page.getByTestId('user-edit').click();
    const form = page.getByTestId('user-form');
    await expect(form).toBeVisible();
    if (language === 'en') {
      // A sixth genre is refused on the spot with the spec's message.
      await form.getByTestId('user-genres').click();
      for (const genre of ['alt-rock', 'alternative', 'ambient', 'anime']) {
        await page.getByRole('option', { name: genre, exact: true }).click();
      }
      await expect(
        form.getByText(
          'You have reached the maximum limit for genre selection. Please deselect a genre before selecting a new one.',
        ),
      ).toBeVisible();
      await expect(form.locator('.mantine-Pill-root')).toHaveCount(5);
      await page.keyboard.press('Escape');
    }
    await form.getByTestId('user-email').fill('artist@demo.test');
    await form.getByTestId('user-save').click();
    const message =
      language === 'en' ? 'This email is already registered' : 'هذا البريد الإلكتروني مسجّل بالفعل';
    const emailField = form.getByTestId('user-email');
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(message)).toBeVisible();
    await shot(page, `admin-user-modal-error-${language}`);
    // The modal stays open and nothing was saved.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: language === 'en' ? 'Cancel' : 'إلغاء' })
      .click();
    await expect(page.getByTestId('user-name')).toHaveText('Lina Curator');
    // Sign out (the token is kept in both storages) before the next language.
    await page.evaluate(() => {
      localStorage.removeItem('USER_TOKEN');
      sessionStorage.removeItem('USER_TOKEN');
    });
  }
  const after = await request.get(`/api/admin/users/${user.id}`, { headers });
  expect(((await after.json()).data as { email: string }).email).not.toBe('artist@demo.test');
});
