import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { DEMO_PASSWORD, shotWithoutOverflow, signInAdmin } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/org-admin/shots';
/** The demo seed's label (apps/api/src/modules/organisations/organisations.demo.ts). */
const LABEL = 'Northern Lights Records';

/** The demo label's id and status through the staff API; a retry first undoes an earlier attempt's suspension. */
async function demoLabel(page: Page): Promise<number> {
  const login = await page.request.post('/api/admin/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const res = await page.request.get(`/api/admin/organisations?q=${encodeURIComponent(LABEL)}`, { headers });
  const [row] = (await res.json()).data as { id: number; status: string }[];
  expect(row, 'the demo label is seeded').toBeTruthy();
  if (row!.status === 'suspended')
    await page.request.post(`/api/admin/organisations/${row!.id}/reactivate`, {
      headers,
      data: { note: 'Undo an earlier attempt' },
    });
  return row!.id;
}

test('staff find the demo label, open it and suspend it (en 1366), then reactivate it (ar 390)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const staff = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const id = await demoLabel(staff);
  await signInAdmin(staff, 'en');
  await staff.goto('/admin/organisations');
  const row = staff.locator('table tbody tr', { hasText: LABEL });
  await expect(row).toContainText('Label', { timeout: 30_000 });
  await expect(row).toContainText('label@demo.test');
  await expectAccessible(staff);
  await shotWithoutOverflow(staff, SHOTS, 'list-en-1366');
  await row.click();
  await expect(staff).toHaveURL(new RegExp(`/admin/organisations/${id}$`));
  await expect(staff.getByTestId('organisation-name')).toHaveText(LABEL);
  await expect(staff.getByTestId('organisation-team')).toContainText('Campaign manager');
  await expect(staff.getByTestId('organisation-roster')).toContainText('Managed profile');
  await expect(staff.getByTestId('organisation-billing')).toContainText('GB123456789');
  await staff.getByTestId('organisation-suspend').click();
  await staff.getByRole('dialog').getByRole('textbox').fill('Chargeback under review');
  await staff.getByTestId('confirm-yes').click();
  await expect(staff.getByTestId('organisation-status').first()).toHaveText('Suspended');
  await expect(staff.getByTestId('organisation-audit')).toContainText('Chargeback under review');
  await shotWithoutOverflow(staff, SHOTS, 'detail-en-1366');
  await staff.close();

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInAdmin(phone, 'ar');
  await phone.goto(`/admin/organisations/${id}`);
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(phone.getByTestId('organisation-status').first()).toHaveText('معلّقة');
  await shotWithoutOverflow(phone, SHOTS, 'detail-ar-390');
  await phone.getByTestId('organisation-reactivate').click();
  await phone.getByRole('dialog').getByRole('textbox').fill('تمت المراجعة');
  await phone.getByTestId('confirm-yes').click();
  await expect(phone.getByTestId('organisation-status').first()).toHaveText('نشطة');
  await phone.goto('/admin/organisations');
  await expect(phone.getByText(LABEL).first()).toBeVisible({ timeout: 30_000 });
  await shotWithoutOverflow(phone, SHOTS, 'list-ar-390');
  // A member's user overview (the first of the team) names the organisation.
  await phone.getByText(LABEL).first().click();
  await phone.getByTestId('organisation-team').getByRole('link').first().click();
  await expect(phone).toHaveURL(/\/admin\/users\/\d+/);
  await expect(phone.getByTestId('user-organisations')).toContainText(LABEL, { timeout: 30_000 });
  await phone.getByTestId('user-organisations').scrollIntoViewIfNeeded();
  await shotWithoutOverflow(phone, SHOTS, 'user-overview-ar-390');
  await phone.close();
});
