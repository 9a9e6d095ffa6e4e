import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type A11yProblem, accessibilityProblems, SKINS, type SkinName } from './a11y';
import { DEMO_PASSWORD, getAdminToken } from './helpers';

/**
 * Accessibility (issue 20): every screen the browser journeys visit, for each kind of account (artist,
 * curator, staff) and signed out, in English and Arabic and in each of the four skins, has no serious or
 * critical axe violation (labels, contrast, names of icon buttons, dialogs, landmarks).
 */
const LANGUAGES = ['en', 'ar'] as const;

async function userToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function firstId(request: APIRequestContext, path: string, token: string): Promise<number | null> {
  const res = await request.get(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data?: { id: number }[] };
  return body.data?.[0]?.id ?? null;
}

/** A page with the language, skin and session stored as the apps read them at start. */
async function openPage(
  browser: Browser,
  lang: string,
  skin: SkinName,
  storage: Record<string, string>,
): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(
    (values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { APP_LANG: lang, APP_SKIN: skin, ...storage },
  );
  return context.newPage();
}

/** Opens each screen, waits until it has loaded, and collects its serious and critical violations. */
async function audit(page: Page, paths: readonly string[]): Promise<Record<string, A11yProblem[]>> {
  const found: Record<string, A11yProblem[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The screen rendered (an empty page has no violations to find) and finished loading.
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    const problems = await accessibilityProblems(page);
    if (problems.length > 0) found[path] = problems;
  }
  return found;
}

/**
 * Opens a dialog (or menu) from `trigger` on `path` and collects its violations: it has a name, its
 * fields are labelled, and closing it with Escape gives the focus back to the trigger (focus order).
 */
async function auditDialog(
  page: Page,
  path: string,
  trigger: string,
  role: 'dialog' | 'menu',
): Promise<Record<string, A11yProblem[]>> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const opener = page.getByTestId(trigger);
  await opener.click();
  await expect(page.getByRole(role, { name: role === 'dialog' ? /\S/ : undefined })).toBeVisible();
  // Mantine animates dialogs in; axe reads colours, so wait until the transition has ended.
  await page.waitForTimeout(400);
  const problems = await accessibilityProblems(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole(role)).toHaveCount(0);
  await expect(opener).toBeFocused();
  return problems.length > 0 ? { [`${path} (${trigger})`]: problems } : {};
}

/** Dialogs and menus the journeys open, per kind of account. */
const DIALOGS: Record<string, [string, string, 'dialog' | 'menu'][]> = {
  artist: [['/dashboard', 'user-menu', 'menu']],
  curator: [],
  staff: [
    ['/admin/users/list', 'user-new', 'dialog'],
    ['/admin/admin/list', 'admin-new', 'dialog'],
  ],
};

const SIGNED_OUT = [
  '/login',
  '/register',
  '/forgot-password',
  '/expired/password/reset',
  '/user/reset-password?token=x&email=nobody%40e2e.test',
  '/privacy',
  '/paypal/payment/mobile',
  '/admin/login',
  '/admin/privacy',
  '/admin/spotify/callback/expired',
] as const;

const ARTIST = [
  '/dashboard',
  '/account',
  '/security',
  '/reset-password',
  '/notifications',
  '/wallet/coins/packages',
  '/wallet/user/transaction',
  '/invoices/list',
  '/select/platform',
  '/spotify/platform',
  '/create/express/campaign',
  '/express/campaigns/list',
  '/fan-finder/landing/page',
  '/paypal/callback',
  '/paypal/payment/mobile',
  '/no/such/page',
] as const;

const CURATOR = [
  '/dashboard',
  '/express/campaigns/list',
  '/express/my/playlists/list',
  '/express/my/playlist/create',
  '/connection/list',
  '/payouts/list',
  '/withdrawal/list',
] as const;

const STAFF = [
  '/admin/dashboard',
  '/admin/users/list',
  '/admin/admin/list',
  '/admin/roles/list',
  '/admin/logs',
  '/admin/notifications',
  '/admin/horizon',
  '/admin/system/settings',
  '/admin/express/playlists/list',
  '/admin/express/campaigns/list',
  '/admin/wallet/main/list',
  '/admin/wallet/transaction/list',
  '/admin/wallet/packages/list',
  '/admin/invoices/list',
  '/admin/requests/list',
  '/admin/payouts/list',
  '/admin/scraping-jobs/lists',
  '/admin/auto-scraping-jobs/lists',
  '/admin/reports',
  '/admin/account/password',
  '/admin/no/such/page',
] as const;

test.describe.configure({ timeout: 900_000 });

for (const skin of SKINS) {
  test(`no serious or critical accessibility violation in the ${skin} skin, English and Arabic`, async ({
    browser,
    request,
  }) => {
    const artist = await userToken(request, 'artist@demo.test');
    const curator = await userToken(request, 'curator@demo.test');
    const admin = await getAdminToken(request);
    const campaign = await firstId(request, 'express/artist/campaigns?limit=10', artist);
    const userId = await firstId(request, 'admin/users?limit=10', admin);
    const playlist = await firstId(request, 'express/curator/playlists?limit=10', curator);
    const found: Record<string, Record<string, A11yProblem[]>> = {};
    for (const lang of LANGUAGES) {
      const runs: [string, Record<string, string>, readonly string[]][] = [
        ['signed out', {}, SIGNED_OUT],
        [
          'artist',
          { AUTH_TOKEN: artist },
          [...ARTIST, ...(campaign ? [`/express-campaigns/${campaign}`] : [])],
        ],
        [
          'curator',
          { AUTH_TOKEN: curator },
          [...CURATOR, ...(playlist ? [`/express/my/playlist/view/${playlist}`] : [])],
        ],
        [
          'staff',
          { USER_TOKEN: admin },
          [
            ...STAFF,
            ...(userId ? [`/admin/users/${userId}`] : []),
            ...(campaign ? [`/admin/express-campaigns/${campaign}`] : []),
          ],
        ],
      ];
      for (const [who, storage, paths] of runs) {
        const page = await openPage(browser, lang, skin, storage);
        const problems = await audit(page, paths);
        for (const [path, trigger, role] of DIALOGS[who] ?? [])
          Object.assign(problems, await auditDialog(page, path, trigger, role));
        if (Object.keys(problems).length > 0) found[`${who} (${lang})`] = problems;
        await page.context().close();
      }
    }
    expect(found, JSON.stringify(found, null, 2)).toEqual({});
  });
}
