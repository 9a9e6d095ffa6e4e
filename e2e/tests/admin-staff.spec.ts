import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, getAdminToken, waitForMail } from './helpers';

async function signInAdmin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

async function api(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, data?: unknown) {
  const token = await getAdminToken(request);
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { data: unknown };
}

test('a role with two permissions and an admin holding it: that admin sees only those screens', async ({
  page,
  browser,
  request,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const roleName = `Auditors ${suffix}`;
  const email = `auditor-${suffix}@e2e.test`;
  const password = 'Auditor-pass-2026';
  await signInAdmin(page, 'admin@demo.test');

  // The role, with the permission matrix.
  await page.goto('/admin/roles/list');
  await page.getByTestId('role-new').click();
  const form = page.getByTestId('role-form');
  await form.locator('input[name="name"]').fill(roleName);
  await expect(form.getByTestId('permission-matrix')).toBeVisible();
  await form.getByTestId('perm-view.main.logs.tab.list').check();
  await form.getByTestId('perm-view.main.settings.tab.list').check();
  await expect(form.getByText('Permissions chosen: 2')).toBeVisible();
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-form')).toBeHidden();
  const roleRow = page.locator('table tbody tr', { hasText: roleName });
  await expect(roleRow).toContainText('2 permissions');

  // The admin holding it: staff type no password, the new admin is invited by e-mail.
  await page.goto('/admin/admin/list');
  await page.getByTestId('admin-new').click();
  const adminForm = page.getByTestId('admin-form');
  await expect(adminForm.locator('input[name="password"]')).toHaveCount(0);
  await expect(adminForm.getByTestId('admin-password-note')).toContainText('link to choose their password');
  await adminForm.locator('input[name="name"]').fill(`Auditor ${suffix}`);
  await adminForm.locator('input[name="email"]').fill(email);
  await adminForm.getByTestId('admin-roles').click();
  await page.getByRole('option', { name: roleName }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('admin-save').click();
  await expect(page.getByTestId('admin-form')).toBeHidden();
  await expect(page.getByText(`An invitation to choose a password was sent to ${email}`)).toBeVisible();
  const row = page.locator('table tbody tr', { hasText: email });
  await expect(row).toContainText(roleName);
  await expect(row).toContainText('Invitation sent');

  // The invited admin opens the link, is held to the password rule, and chooses the password.
  const { match } = await waitForMail(request, email, /(\/admin\/reset-password\?[^\s]+)/);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(match[1]!);
  await expect(other.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  const resetForm = other.getByTestId('admin-reset-form');
  await resetForm.locator('input[name="password"]').fill('weakpassword');
  await resetForm.locator('input[name="password_confirmation"]').fill('weakpassword');
  await resetForm.getByRole('button', { name: 'Save the new password' }).click();
  await expect(resetForm.getByText('Weak Password')).toBeVisible();
  await resetForm.locator('input[name="password"]').fill(password);
  await resetForm.locator('input[name="password_confirmation"]').fill(password);
  await resetForm.getByRole('button', { name: 'Save the new password' }).click();
  await expect(other).toHaveURL(/\/admin\/login/);

  // Signed in as that admin: only the two screens (and the general ones) are offered.
  await signInAdmin(other, email, password);
  const shortcuts = other.locator('.mantine-Card-root', { hasText: 'Your screens' });
  await expect(shortcuts.getByText('Audit Logs')).toBeVisible();
  await expect(shortcuts.getByText('Settings', { exact: true })).toBeVisible();
  for (const hidden of [
    'Admins',
    'Roles & Permissions',
    'Users',
    'Reports',
    'Queue monitor',
    'Genres',
    'Main Wallet',
  ])
    await expect(shortcuts.getByText(hidden, { exact: true })).toHaveCount(0);
  await other.getByTestId('menu-toggle').click();
  const menu = other.getByTestId('side-menu');
  await expect(menu).toHaveAttribute('data-collapsed', 'false');
  await expect(menu.getByText('Admins & Roles')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  for (const hidden of ['Users', 'Reports', 'Reference data', 'Queue monitor', 'Wallet', 'Campaigns'])
    await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  await menu.getByText('Admins & Roles').click();
  await menu.getByRole('link', { name: 'Audit Logs' }).click();
  await expect(other).toHaveURL(/\/admin\/logs/);
  await expect(other.getByRole('heading', { name: 'Audit Logs' })).toBeVisible();
  // A screen outside the role is not found, even by its address.
  await other.goto('/admin/admin/list');
  await expect(other.getByRole('heading', { name: 'Admins' })).toHaveCount(0);
  await context.close();

  // The audit log records what the Super Admin did, filterable by action.
  await page.goto('/admin/logs?filter[action]=admins.create');
  await expect(page.locator('table tbody tr').first()).toContainText('admins.create');
});

test('an admin holding only the Admins screen cannot send the Super Admin a password link; the refusal shows in Arabic', async ({
  page,
  request,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const email = `manager-${suffix}@e2e.test`;
  const password = 'Manager-pass-2026';
  const role = (await api(request, 'post', '/api/roles', {
    name: `Admins only ${suffix}`,
    guard: 'admin',
    permissions: ['view.main.admins.tab.list'],
  })) as { data: { id: number } };
  await api(request, 'post', '/api/admin/admins', {
    name: `Manager ${suffix}`,
    email,
    role_ids: [role.data.id],
  });
  const { match } = await waitForMail(request, email, /[?&]token=([\w-]+)/);
  const set = await request.post('/api/admin/reset-password', {
    data: { email, token: match[1], password, password_confirmation: password },
  });
  expect(set.ok(), await set.text()).toBeTruthy();
  const superAdmin = (await api(request, 'get', '/api/admin/info')) as { data: { id: number } };

  await signInAdmin(page, email, password);
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'ar'));
  await page.goto('/admin/admin/list');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId(`admin-link-${superAdmin.data.id}`).click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByText('لا يمكنك تعديل هذا المسؤول: لديه صلاحيات لا تملكها')).toBeVisible();
  // The new-admin form explains the invitation, in Arabic too.
  await page.getByTestId('admin-new').click();
  await expect(page.getByTestId('admin-password-note')).toHaveText(
    'يتلقى المسؤول الجديد رسالة بريد إلكتروني برابط لاختيار كلمة المرور (صالح لمدة 7 أيام).',
  );
});

test('a failed job is retried from the queue monitor and completes', async ({ page, request }) => {
  // A sandbox probe job that fails its first attempt (outside production only).
  const probe = (await api(request, 'post', '/api/admin/dev/queues/probe', { fail_times: 1 })) as {
    data: { id: string; queue: string };
  };
  const { id, queue } = probe.data;
  await expect
    .poll(
      async () =>
        (
          (await api(request, 'get', `/api/admin/queues/${queue}/jobs?state=failed&limit=100`)) as {
            data: { id: string }[];
          }
        ).data.some((j) => j.id === id),
      { timeout: 30_000 },
    )
    .toBe(true);

  await signInAdmin(page, 'admin@demo.test');
  await page.goto('/admin/horizon');
  await expect(page.getByTestId(`queue-${queue}`)).toBeVisible();
  await expect(page.getByTestId(`count-${queue}-failed`)).toBeVisible();
  await page.getByTestId(`queue-${queue}`).click();
  await expect(page.getByTestId('throughput')).toBeVisible();
  const row = page.locator('table tbody tr', { hasText: id.slice(0, 8) });
  await expect(row.getByTestId('job-error')).toHaveText('Probe attempt 1 failed as asked');
  await row.getByText(id.slice(0, 8)).click();
  await expect(page.getByTestId('job-payload')).toContainText('"fail_times": 1');
  await row.getByTestId('job-retry').click();
  await expect(page.getByText('The job will run again')).toBeVisible();
  await expect(page.locator('table tbody tr', { hasText: id.slice(0, 8) })).toHaveCount(0, {
    timeout: 20_000,
  });

  // The worker runs it again and it completes.
  await page.getByTestId('job-state').click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page.locator('table tbody tr', { hasText: id.slice(0, 8) })).toBeVisible({ timeout: 30_000 });
});

test('the platform fee is changed in /system/settings; a bad sender name is refused under its field', async ({
  page,
  request,
}) => {
  const before = (
    (await api(request, 'get', '/api/admin/settings')) as { data: { platform_fee_percent: number } }
  ).data;
  await signInAdmin(page, 'admin@demo.test');
  await page.goto('/admin/system/settings');
  const fee = page.getByTestId('setting-platform_fee_percent');
  await expect(fee).toHaveValue(`${before.platform_fee_percent} %`);
  try {
    await fee.fill('17');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    expect(
      ((await api(request, 'get', '/api/admin/settings')) as { data: { platform_fee_percent: number } }).data
        .platform_fee_percent,
    ).toBe(17);
    await page.reload();
    await expect(page.getByTestId('setting-platform_fee_percent')).toHaveValue('17 %');

    const sender = page.locator('input[name="mail_from_name"]');
    await sender.fill('Liberty <support>');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('The sender name cannot contain <, >, quotes or line breaks')).toBeVisible();

    // The change is in the audit log.
    await page.goto('/admin/logs?filter[action]=settings.update&filter[target_id]=platform_fee_percent');
    await expect(page.locator('table tbody tr').first()).toContainText('settings.update');
  } finally {
    await api(request, 'put', '/api/admin/settings', { platform_fee_percent: before.platform_fee_percent });
  }
});
