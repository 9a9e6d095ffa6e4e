import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { accessibilityProblems, SKINS, type SkinName } from './a11y';
import { createVerifiedUser, DEMO_PASSWORD, getAdminToken, SIGNED_OUT_SCREENS } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/h-a11y-shots';
// The checks are independent (each worker reads its own sessions once, see prepare): spread them over
// the workers instead of giving one worker the whole file (about five minutes).
test.describe.configure({ mode: 'parallel' });
mkdirSync(SHOTS, { recursive: true });

/**
 * Accessibility: every screen the browser journeys visit, for each kind of account (artist,
 * curator, influencer, staff) and signed out, has no serious or critical axe violation. Split to run in
 * a few minutes (docs/decisions.md, "Accessibility in every skin"):
 * - every screen and dialog with all of axe's WCAG A/AA and best-practice rules, in English, in the
 *   default skin (dark);
 * - in Arabic, all rules on a sample holding every kind of layout (sign-in, dashboard, list, empty
 *   list, detail, form, wizard, dialog, menu): right-to-left changes where things stand, not which
 *   elements, names and colours a screen has (the catalogs test keeps every key translated);
 * - colour contrast alone in the three other skins on the same sample, in English: a skin changes
 *   colours only, and a language changes none.
 */
const LANGUAGES = ['en', 'ar'] as const;
const DEFAULT_SKIN: SkinName = 'dark';

type Account = 'signed out' | 'artist' | 'curator' | 'influencer' | 'staff';

interface Tokens {
  artist: string;
  curator: string;
  influencer: string;
  staff: string;
}

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

let tokens: Tokens | null = null;
let ids: { campaign: number | null; user: number | null; playlist: number | null; ticket: number | null };

/** Sessions of the demo accounts and the ids of the detail screens, read once per worker. */
async function prepare(request: APIRequestContext): Promise<Tokens> {
  if (tokens) return tokens;
  const artist = await userToken(request, 'artist@demo.test');
  const staff = await getAdminToken(request);
  tokens = {
    artist,
    curator: await userToken(request, 'curator@demo.test'),
    influencer: await userToken(request, 'influencer@demo.test'),
    staff,
  };
  // The demo seed has no ticket: the artist opens one, so both apps' ticket screens have a conversation.
  const ticket = await request.post('/api/tickets', {
    headers: { Authorization: `Bearer ${artist}` },
    data: {
      ticket_subject: 'Accessibility check',
      initial_message: 'My campaign does not show any progress yet. Could you check it?',
      department_id: 1,
    },
  });
  expect(ticket.ok(), await ticket.text()).toBeTruthy();
  ids = {
    campaign: await firstId(request, 'express/artist/campaigns?limit=10', artist),
    user: await firstId(request, 'admin/users?limit=10', staff),
    playlist: await firstId(request, 'express/curator/playlists?limit=10', tokens.curator),
    ticket: ((await ticket.json()) as { data: { id: number } }).data.id,
  };
  return tokens;
}

const storageOf = (who: Account, t: Tokens): Record<string, string> =>
  who === 'signed out' ? {} : who === 'staff' ? { USER_TOKEN: t.staff } : { AUTH_TOKEN: t[who] };

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

/** Waits until the screen has rendered (a heading) and finished loading (no skeleton, no request). */
async function settled(page: Page): Promise<void> {
  // Generous: a dashboard asks several services at once, slow on a busy CI machine.
  const timeout = 45_000;
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout });
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0, { timeout });
  await expect(page.locator('.lm-progress')).toHaveCount(0, { timeout });
}

const appOf = (path: string) => (path.startsWith('/admin') ? 'admin' : 'web');

/**
 * Opens `path`. Within the app already open, it navigates as the app's own links do (history push,
 * no reload: booting the app again for each screen made the run several times longer) and waits
 * until the previous screen's headings have left.
 */
async function visit(page: Page, path: string): Promise<void> {
  const current = page.url().startsWith('http') ? new URL(page.url()).pathname : null;
  // Another app, or the same screen with other parameters (its headings stay): load the page.
  if (current === null || appOf(current) !== appOf(path) || current === path.split('?')[0])
    await page.goto(path);
  else {
    await page.evaluate((to) => {
      for (const h of Array.from(document.querySelectorAll('h1, h2, h3, h4')))
        h.setAttribute('data-a11y-previous', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
    await expect(page.locator('[data-a11y-previous]')).toHaveCount(0, { timeout: 45_000 });
  }
  await settled(page);
}

/** The app's shell (top bar, side menu): the same on every screen of an account, checked on its first. */
const SHELL = ['.lm-header', '.lm-navbar'];

/**
 * Opens each screen and checks it has no serious or critical violation (all rules, or `rules` only);
 * each screen is its own soft failure, named with `label` (account, language, skin) and its path.
 */
async function audit(page: Page, label: string, paths: readonly string[], rules?: string[]): Promise<void> {
  for (const [index, path] of paths.entries()) {
    await visit(page, path);
    const problems = await accessibilityProblems(page, { rules, exclude: index === 0 ? [] : SHELL });
    expect.soft(problems, `${label} ${path}: ${JSON.stringify(problems, null, 2)}`).toEqual([]);
  }
}

/**
 * Opens a dialog or menu from the `trigger` test id on `path`, checks it once its transition has
 * ended, then closes it with Escape.
 */
async function auditOverlay(
  page: Page,
  label: string,
  [path, trigger, role]: Overlay,
  rules?: string[],
): Promise<void> {
  if (!page.url().endsWith(path)) await visit(page, path);
  await page.getByTestId(trigger).first().click();
  await expect(page.getByRole(role)).toBeVisible();
  // Mantine animates overlays in; axe reads colours, so wait until the transition has ended.
  await page.waitForTimeout(300);
  const problems = await accessibilityProblems(page, { rules, exclude: SHELL });
  expect.soft(problems, `${label} ${path} (${trigger}): ${JSON.stringify(problems, null, 2)}`).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole(role)).toHaveCount(0);
}

type Overlay = [path: string, trigger: string, role: 'dialog' | 'menu'];

/** Dialogs and menus the journeys open, per kind of account. */
const OVERLAYS: Partial<Record<Account, Overlay[]>> = {
  artist: [
    ['/dashboard', 'user-menu', 'menu'],
    ['/dashboard', 'skin-switch', 'menu'],
    ['/dashboard', 'language-switch', 'menu'],
    ['/tickets', 'new-ticket', 'dialog'],
  ],
  staff: [
    ['/admin/users/list', 'user-new', 'dialog'],
    ['/admin/admin/list', 'admin-new', 'dialog'],
    ['/admin/dashboard', 'user-menu', 'menu'],
  ],
};

/** Screens the journeys visit, per kind of account (detail screens added from the seed's ids). */
function screens(who: Account): string[] {
  switch (who) {
    case 'signed out':
      return [
        ...SIGNED_OUT_SCREENS,
        // A results link that no longer works (revoked, expired or mistyped): the public page says so.
        '/shared/results/not-a-link',
        '/admin/login',
        '/admin/privacy',
        '/admin/spotify/callback/not-ours',
      ];
    case 'artist':
      return [
        '/dashboard',
        '/account',
        '/security',
        '/reset-password',
        '/notifications',
        '/wallet/coins/packages',
        '/wallet/user/transaction',
        '/invoices/list',
        '/results',
        '/results/uploads',
        '/tickets',
        ...(ids.ticket ? [`/my-ticket/details/${ids.ticket}`] : []),
        '/select/platform',
        '/spotify/platform',
        '/create/express/campaign',
        '/express/campaigns/list',
        ...(ids.campaign ? [`/express-campaigns/${ids.campaign}`] : []),
        '/fan-finder/landing/page',
        '/fan-finder/subscribe',
        '/paypal/callback',
        '/no/such/page',
      ];
    case 'curator':
      return [
        '/dashboard',
        '/express/campaigns/list',
        '/express/my/playlists/list',
        '/express/my/playlist/create',
        ...(ids.playlist ? [`/express/my/playlist/view/${ids.playlist}`] : []),
        '/connection/list',
        '/payouts/list',
        '/withdrawal/list',
      ];
    case 'influencer':
      return ['/dashboard', '/tiktok/connection/list', '/tiktok/connection/list?platform=instagram'];
    case 'staff':
      return [
        '/admin/dashboard',
        '/admin/users/list',
        ...(ids.user ? [`/admin/users/${ids.user}`] : []),
        '/admin/admin/list',
        '/admin/roles/list',
        '/admin/logs',
        '/admin/notifications',
        '/admin/horizon',
        '/admin/system/web-vitals',
        '/admin/system/settings',
        '/admin/express/playlists/list',
        ...(ids.playlist ? [`/admin/express/playlist/view/${ids.playlist}`] : []),
        '/admin/express/campaigns/list',
        ...(ids.campaign ? [`/admin/express-campaigns/${ids.campaign}`] : []),
        '/admin/tiktok/express/tiers/list',
        '/admin/instagram/express/durations/list',
        '/admin/wallet/main/list',
        '/admin/wallet/transaction/list',
        '/admin/wallet/packages/list',
        '/admin/invoices/list',
        '/admin/requests/list',
        '/admin/payouts/list',
        '/admin/tickets/list',
        ...(ids.ticket ? [`/admin/tickets/details/${ids.ticket}`] : []),
        '/admin/scraping-jobs/lists',
        '/admin/auto-scraping-jobs/lists',
        '/admin/crm/leads-lists',
        '/admin/crm/senders',
        '/admin/crm/senders-id',
        '/admin/marketing-campaigns',
        '/admin/reports',
        '/admin/trust/feedback',
        '/admin/account/password',
        '/admin/no/such/page',
      ];
  }
}

const ACCOUNTS: Account[] = ['signed out', 'artist', 'curator', 'influencer', 'staff'];

for (const who of ACCOUNTS) {
  test(`${who} (en): every screen and dialog, all rules, default skin`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const t = await prepare(request);
    const page = await openPage(browser, 'en', DEFAULT_SKIN, {
      ...storageOf(who, t),
      APP_MENU_COLLAPSED: 'false',
    });
    const label = `${who} (en, ${DEFAULT_SKIN})`;
    await audit(page, label, screens(who));
    for (const overlay of OVERLAYS[who] ?? []) await auditOverlay(page, label, overlay);
    await page.context().close();
  });
}

/** The sample of the other skins: one screen of each layout kind, per account. */
const SAMPLE: [Account, string[], Overlay[]][] = [
  ['signed out', ['/login', '/register', '/admin/login'], []],
  [
    'artist',
    ['/dashboard', '/express/campaigns/list', '/invoices/list', '/account', '/create/express/campaign'],
    [['/dashboard', 'user-menu', 'menu']],
  ],
  ['curator', ['/express/my/playlists/list'], []],
  ['staff', ['/admin/dashboard', '/admin/users/list'], [['/admin/users/list', 'user-new', 'dialog']]],
];
/** The sample's detail screens, from the seed's ids (read once the worker has prepared). */
const sampleDetails = (who: Account): string[] =>
  who === 'artist' && ids.campaign
    ? [`/express-campaigns/${ids.campaign}`]
    : who === 'staff' && ids.user
      ? [`/admin/users/${ids.user}`]
      : [];

/** Audits the sample of layout kinds (all rules, or `rules` only) in one language and skin. */
async function auditSample(browser: Browser, t: Tokens, lang: string, skin: SkinName, rules?: string[]) {
  for (const [who, paths, overlays] of SAMPLE) {
    const page = await openPage(browser, lang, skin, { ...storageOf(who, t), APP_MENU_COLLAPSED: 'false' });
    const label = `${who} (${lang}, ${skin})`;
    await audit(page, label, [...paths, ...sampleDetails(who)], rules);
    for (const overlay of overlays) await auditOverlay(page, label, overlay, rules);
    await page.context().close();
  }
}

test('Arabic, right to left: every layout kind, all rules, default skin', async ({ browser, request }) => {
  test.setTimeout(300_000);
  await auditSample(browser, await prepare(request), 'ar', DEFAULT_SKIN);
});

/** The skins whose colour contrast is checked on the sample, besides the default one. */
const OTHER_SKINS = SKINS.filter((s) => s !== DEFAULT_SKIN);

/**
 * Switches a signed-in page to `skin` in place, from the top bar's skin menu as a user does: the app
 * re-renders with the skin's theme, without loading the screen again. Returns once every colour
 * transition has ended (axe reads the colours) and the pointer has left the page's controls.
 */
async function switchSkin(page: Page, skin: SkinName): Promise<void> {
  if ((await page.locator('html').getAttribute('data-skin')) === skin) return;
  await page.getByTestId('skin-switch').click();
  await page.getByTestId(`skin-${skin}`).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-skin', skin);
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

const CONTRAST = ['color-contrast'];

// One page load per screen for the three skins: a skin changes colours only, so each screen of the
// sample is opened once and its contrast read in each skin, switched in place (three page loads per
// screen before: 5.5 minutes of worker time in three tests).
test(`${OTHER_SKINS.join(', ')} skins: colour contrast of every layout kind`, async ({
  browser,
  request,
}) => {
  // Three skins' checks: the budget of the three tests this one replaces, less their page loads.
  test.setTimeout(600_000);
  const t = await prepare(request);
  for (const [who, paths, overlays] of SAMPLE) {
    const all = [...paths, ...sampleDetails(who)];
    if (who === 'signed out') {
      // No skin menu before signing in: one page per skin, with the skin stored as the app reads it.
      for (const skin of OTHER_SKINS) {
        const page = await openPage(browser, 'en', skin, {});
        await audit(page, `${who} (en, ${skin})`, all, CONTRAST);
        await page.context().close();
      }
      continue;
    }
    const page = await openPage(browser, 'en', OTHER_SKINS[0]!, {
      ...storageOf(who, t),
      APP_MENU_COLLAPSED: 'false',
    });
    for (const [index, path] of all.entries()) {
      await visit(page, path);
      // The skin the page shows first: one switch fewer per screen.
      const shown = await page.locator('html').getAttribute('data-skin');
      for (const skin of [...OTHER_SKINS].sort((a, b) => Number(b === shown) - Number(a === shown))) {
        await switchSkin(page, skin);
        // The top bar and side menu are the same on every screen: checked on the first, as in audit().
        const problems = await accessibilityProblems(page, {
          rules: CONTRAST,
          exclude: index === 0 ? [] : SHELL,
        });
        expect
          .soft(problems, `${who} (en, ${skin}) ${path}: ${JSON.stringify(problems, null, 2)}`)
          .toEqual([]);
      }
    }
    for (const overlay of overlays)
      for (const skin of OTHER_SKINS) {
        await switchSkin(page, skin);
        await auditOverlay(page, `${who} (en, ${skin})`, overlay, CONTRAST);
      }
    await page.context().close();
  }
});

/** True when the focused element is inside the element `selector` matches last (the open overlay). */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const all = document.querySelectorAll(s);
    const box = all[all.length - 1];
    return Boolean(box && document.activeElement && box.contains(document.activeElement));
  }, selector);

// In English: trapping and returning the focus does not depend on the direction of the text.
test(`dialogs and menus (en): focus moves in, stays trapped, Escape closes and gives it back`, async ({
  browser,
  request,
}) => {
  const t = await prepare(request);
  const staff = await openPage(browser, 'en', DEFAULT_SKIN, storageOf('staff', t));
  for (const [path, trigger] of [
    ['/admin/users/list', 'user-new'],
    ['/admin/admin/list', 'admin-new'],
  ] as const) {
    await visit(staff, path);
    const opener = staff.getByTestId(trigger);
    await opener.focus();
    await staff.keyboard.press('Enter');
    const dialog = staff.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The dialog is named by its title and takes the focus.
    await expect(dialog).toHaveAccessibleName(/\S/);
    await expect.poll(() => focusInside(staff, '[role="dialog"]')).toBe(true);
    // Tabbing forwards past the last field and backwards past the first stays inside the dialog.
    for (const key of [...Array(15).fill('Tab'), ...Array(15).fill('Shift+Tab')] as string[]) {
      await staff.keyboard.press(key);
      expect(await focusInside(staff, '[role="dialog"]'), `${path} ${key}`).toBe(true);
    }
    await staff.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
  await staff.context().close();

  // The top bar's menus: opened from the keyboard, the first item has the focus, arrows move it,
  // Escape closes and the button has the focus again.
  const artist = await openPage(browser, 'en', DEFAULT_SKIN, storageOf('artist', t));
  await visit(artist, '/dashboard');
  for (const trigger of ['user-menu', 'skin-switch', 'language-switch']) {
    const opener = artist.getByTestId(trigger);
    await opener.focus();
    await artist.keyboard.press('Enter');
    const items = artist.getByRole('menu').getByRole('menuitem');
    await expect(items.first()).toBeFocused();
    await artist.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await artist.keyboard.press('Escape');
    await expect(artist.getByRole('menu')).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
  await artist.context().close();
});

for (const lang of LANGUAGES) {
  test(`focus order follows the reading order (${lang}): sign-in form`, async ({ browser }) => {
    const page = await openPage(browser, lang, DEFAULT_SKIN, {});
    await visit(page, '/login');
    await page.locator('input[name="email"]').focus();
    const order: string[] = [];
    for (let i = 0; i < 6; i++) {
      order.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el?.getAttribute('name') ?? el?.getAttribute('type') ?? el?.tagName ?? '';
        }),
      );
      await page.keyboard.press('Tab');
    }
    // E-mail, then password, then (after the password's show button and the remember/forgot links)
    // the submit button: never backwards.
    expect(order[0]).toBe('email');
    expect(order[1]).toBe('password');
    expect(order.indexOf('submit')).toBeGreaterThan(1);
    await page.context().close();
  });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// on wide screens too (toasts opened at the top and covered the header's buttons).
for (const [lang, width] of LANGUAGES.flatMap((l) => [390, 1366].map((w) => [l, w] as const))) {
  test(`toasts at ${width} px (${lang}) cover neither the top bar's controls nor the page title`, async ({
    browser,
    request,
  }) => {
    const email = await createVerifiedUser(request, `toast-${lang}-${width}`);
    const context = await browser.newContext({ viewport: { width, height: width > 390 ? 768 : 844 } });
    await context.addInitScript(
      (values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      },
      { APP_LANG: lang, AUTH_TOKEN: await userToken(request, email) },
    );
    const page = await context.newPage();
    await page.goto('/account');
    await expect(page.getByTestId('account-page')).toBeVisible();
    await page.locator('input[name="first_name"]').fill('Toasted');
    await page.getByTestId('profile-form').locator('button[type="submit"]').click();
    const toast = page.locator('.mantine-Notification-root').first();
    await expect(toast).toBeVisible();
    await page.waitForTimeout(400); // the toast's entry transition
    const toastBox = (await toast.boundingBox())!;
    const header = (await page.locator('.lm-header').boundingBox())!;
    const title = (await page.locator('.lm-main').getByRole('heading').first().boundingBox())!;
    expect(overlaps(toastBox, header), 'toast over the top bar').toBe(false);
    expect(overlaps(toastBox, title), 'toast over the page title').toBe(false);
    await page.screenshot({ path: `${SHOTS}/toast-${width}-${lang}.png` });
    await context.close();
  });
}

test('screens fixed for accessibility, light skin, Arabic, 390 px (screenshots)', async ({
  browser,
  request,
}) => {
  const t = await prepare(request);
  const shots: [Account, string, string | null][] = [
    ['artist', '/invoices/list', null],
    ['artist', '/dashboard', 'user-menu'],
    ['curator', '/dashboard', null],
    ['staff', '/admin/reports', null],
  ];
  for (const [who, path, menu] of shots) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(
      (values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      },
      { APP_LANG: 'ar', APP_SKIN: 'light', ...storageOf(who, t) },
    );
    const page = await context.newPage();
    await visit(page, path);
    if (menu) {
      await page.getByTestId(menu).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.waitForTimeout(300);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const name = `${who}-${path.replaceAll('/', '-').replace(/^-/, '')}${menu ? `-${menu}` : ''}-light-ar-390`;
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    await context.close();
  }
});
