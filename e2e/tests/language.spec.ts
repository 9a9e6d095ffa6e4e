import { expect, type Page, test } from '@playwright/test';
import { chooseFromTopBarMenu, DEMO_PASSWORD, shotWithoutOverflow, signIn } from './helpers';

/** the screens a reader meets, in French and Arabic. */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

/** A screenshot at the current viewport, and a check that nothing overflows sideways (390 px phones). */
const shot = (page: Page, name: string) => shotWithoutOverflow(page, SHOTS, name);

/**
 * Chooses a language from the top bar's menu and waits until the page speaks it. A click that lands
 * while the menu is still opening or closing (after the bell's popover, on a loaded machine) can be
 * lost; the menu is then opened again, as a person would.
 */
async function switchLanguage(page: Page, code: 'fr' | 'ar') {
  await page.waitForLoadState('networkidle');
  await chooseFromTopBarMenu(page, 'language-switch', `language-${code}`, 'lang', code);
}

test('notifications follow the reader: bell and feed in French, the list in Arabic with its plural forms', async ({
  page,
}) => {
  // The demo artist's campaigns went through the whole machine while the account was English.
  await signIn(page, 'artist@demo.test');
  const feed = page.getByTestId('dashboard-notification');
  await expect(feed.filter({ hasText: 'Campaign completed' }).first()).toBeVisible();

  await switchLanguage(page, 'fr');
  await expect(feed.filter({ hasText: 'Campagne terminée' }).first()).toBeVisible();
  await expect(feed.filter({ hasText: /est resté 28 jours dans la playlist/ }).first()).toBeVisible();
  await page.getByTestId('notifications-bell').click();
  await expect(
    page.getByTestId('bell-notification').filter({ hasText: 'Campagne approuvée' }).first(),
  ).toBeVisible();
  await expect(page.getByTestId('bell-notification').first()).toContainText(/il y a|hier/);
  await page.keyboard.press('Escape');

  await switchLanguage(page, 'ar');
  await page.goto('/notifications');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: 'اكتملت الحملة' }).first()).toBeVisible();
  // 28 days: the Arabic "many" form (11-99) of the counted word.
  await expect(rows.filter({ hasText: /أمضى «.+» 28 يومًا في قائمة التشغيل/ }).first()).toBeVisible();
  // Relative dates in Arabic words ("قبل شهر", "قبل 40 يومًا"...), never English.
  await expect(rows.first()).toContainText('قبل');
  await expect(page.getByTestId('unread-count')).toContainText('غير المقروءة');
  await shot(page, 'notifications-ar-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // Below the small breakpoint every list is cards (phones).
  const cards = page.getByTestId('list-card');
  await expect(cards.filter({ hasText: 'اكتملت الحملة' }).first()).toBeVisible();
  await shot(page, 'notifications-ar-390');
});

test('the audit log and the role editor speak Arabic: actions, permissions and roles in words', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'ar'));
  await page.reload();
  await page.locator('input[name="email"]').fill('admin@demo.test');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  await page.goto('/admin/logs');
  const rows = page.locator('tbody tr');
  const login = rows.filter({ hasText: 'تسجيل الدخول إلى لوحة الإدارة' }).first();
  await expect(login).toBeVisible();
  await expect(login).toContainText('admin.login'); // the code, in small type under the words
  await shot(page, 'audit-log-ar-1366');
  await login.click();
  await expect(page.getByTestId('log-detail')).toContainText('مسؤول #');
  await page.keyboard.press('Escape');

  await page.goto('/admin/roles/list');
  await expect(rows.filter({ hasText: 'المسؤول الأعلى' })).toBeVisible();
  await expect(rows.filter({ hasText: 'منسّق' })).toBeVisible();
  await page.getByTestId('role-new').click();
  const users = page.getByTestId('perm-group-users');
  await expect(users).toContainText('المستخدمون');
  await expect(users).toContainText('عرض المستخدمين وملفاتهم');
  // What each permission allows, in words; never its code.
  await expect(users).toContainText('يفتح قائمة المستخدمين');
  await expect(users).not.toContainText('view.main.users.tab.list');
  await expect(page.getByTestId('perm-group-queue')).toContainText('فتح مراقب المهام');
  await page.getByTestId('perm-users.edit').check();
  await page.getByTestId('perm-users.show.invite').check();
  await expect(page.getByTestId('role-form')).toContainText('الصلاحيات المختارة: 2');
  await shot(page, 'role-editor-ar-1366');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(users).toBeVisible();
  await shot(page, 'role-editor-ar-390');
  await page.keyboard.press('Escape');
  await page.goto('/admin/logs');
  await expect(
    page.getByTestId('list-card').filter({ hasText: 'تسجيل الدخول إلى لوحة الإدارة' }).first(),
  ).toBeVisible();
  await shot(page, 'audit-log-ar-390');
});
