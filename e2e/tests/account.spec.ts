import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('profile: avatar upload refuses other types, saves names, phone and country', async ({
  page,
  request,
}) => {
  const email = await createVerifiedUser(request, 'profile');
  await signIn(page, email);
  await page.goto('/account');
  await expect(page.getByTestId('account-page')).toBeVisible();

  const input = page.getByTestId('file-drop-zone').locator('input[type="file"]');
  await input.setInputFiles({ name: 'cover.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(
    page.getByRole('alert').filter({ hasText: 'cover.gif: You can only upload allowed Files!.' }).first(),
  ).toBeVisible();

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('account-avatar').locator('img')).toHaveAttribute(
    'src',
    /\/storage\/.+\.png$/,
  );

  await page.locator('input[name="first_name"]').fill('Renamed');
  await page.locator('input[name="phone_number"]').fill('(202) 555-0143');
  const country = page.getByTestId('country-select');
  await country.click();
  await country.fill('Fran');
  await page.getByRole('option', { name: 'France' }).click();
  await page.getByTestId('profile-form').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved').last()).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('Renamed');

  await page.reload();
  // Stored as +12025550143 and shown in its country's form.
  await expect(page.getByTestId('phone-number-country')).toHaveValue(/^United States/);
  await expect(page.locator('input[name="phone_number"]')).toHaveValue('(202) 555-0143');
  await expect(page.getByTestId('country-select')).toHaveValue('France');
});

test('security: active sessions list this device', async ({ page, request }) => {
  const email = await createVerifiedUser(request, 'sessions');
  await signIn(page, email);
  await page.goto('/security');
  await expect(page.getByTestId('sessions-table').getByText('This device')).toBeVisible();
});
