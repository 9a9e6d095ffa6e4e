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

/** A notification as the bell's list call answers it (`notifications`), in the request's language. */
type Written = { id: string; title: string; body: string };

test('notifications follow the reader: bell and feed in French, the list in Arabic with its plural forms', async ({
  page,
  request,
}) => {
  // The demo artist's campaigns went through the whole machine while the account was English. Other
  // journeys running at the same time add notifications to this account, so the feed's five latest
  // are read from the API (in both languages) rather than assumed.
  await signIn(page, 'artist@demo.test');
  const login = await request.post('/api/user/login', {
    data: { email: 'artist@demo.test', password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const written = async (lang: 'en' | 'fr') => {
    const res = await request.get('/api/notifications?page=1&limit=100', {
      headers: { Authorization: `Bearer ${token}`, 'x-lang': lang },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: Written[] }).data;
  };
  const [english, french] = [await written('en'), await written('fr')];
  // The newest notification whose title reads differently in French.
  const pair = english
    .slice(0, 5)
    .map((en) => ({ en, fr: french.find((fr) => fr.id === en.id) }))
    .find(({ en, fr }) => fr !== undefined && fr.title !== en.title);
  expect(pair, 'one of the five latest notifications has a French title').toBeTruthy();
  const feed = page.getByTestId('dashboard-notification');
  await expect(feed.filter({ hasText: pair!.en.title }).first()).toBeVisible();
  // The plural of the counted days, as the server writes it in French.
  expect(french.some((n) => /est resté 28 jours dans la playlist/.test(n.body))).toBe(true);

  await switchLanguage(page, 'fr');
  await expect(feed.filter({ hasText: pair!.fr!.title }).first()).toBeVisible();
  await page.getByTestId('notifications-bell').click();
  await expect(
    page.getByTestId('bell-notification').filter({ hasText: pair!.fr!.title }).first(),
  ).toBeVisible();
  await expect(page.getByTestId('bell-notification').first()).toContainText(/il y a|hier|maintenant|cette/);
  await page.keyboard.press('Escape');

  await switchLanguage(page, 'ar');
  // A hundred rows: the demo's finished campaigns stay on the first page whatever else arrived.
  await page.goto('/notifications?limit=100');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: 'اكتملت الحملة' }).first()).toBeVisible();
  // 28 days: the Arabic "many" form (11-99) of the counted word.
  await expect(rows.filter({ hasText: /أمضى «.+» 28 يومًا في قائمة التشغيل/ }).first()).toBeVisible();
  // Relative dates in Arabic words ("قبل شهر", "قبل 40 يومًا", "الآن"...), never English.
  await expect(rows.first()).toContainText(/قبل|الآن|أمس/);
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
