import { expect, test } from '@playwright/test';
import { createVerifiedUser, DEMO_PASSWORD } from './helpers';

test('staff see what needs action on the dashboard, and the users list is cards on a phone', async ({
  page,
  request,
}) => {
  // A new user confirms their address: they now wait for approval.
  const email = await createVerifiedUser(request, 'waiting');

  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill('admin@demo.test');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  // The first paint of the dashboard loads its chunks and the 30-day report: allow for a busy machine.
  await expect(page.getByTestId('admin-dashboard')).toBeVisible({ timeout: 30_000 });

  // The dashboard opens with the to-dos, with counts and links.
  const todos = page.getByTestId('staff-todos');
  await expect(todos).toBeVisible();
  await expect(todos.getByTestId('todo-count-pending_users')).not.toHaveText('0');
  for (const kind of ['pending_playlists', 'payout_requests', 'failed_jobs'])
    await expect(todos.getByTestId(`todo-${kind}`)).toBeVisible();
  // The staff were notified when the user started waiting.
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByText('A user waits for approval').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await todos.getByTestId('todo-pending_users').click();
  await expect(page).toHaveURL(
    /\/admin\/users\/list\?filter%5Bstatus%5D=pending_approval|filter\[status\]=pending_approval/,
  );
  await expect(page.locator('table').getByText(email)).toBeVisible();

  // On a phone the same list is cards: nothing scrolls sideways, the status badge is whole.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('table')).toHaveCount(0);
  const card = page.getByTestId('list-card').filter({ hasText: email });
  await expect(card).toBeVisible();
  const badge = card.getByText('Pending For Approval');
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
