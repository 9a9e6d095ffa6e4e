import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-pass-2026';
export const NEW_PASSWORD = 'Fresh-pass-2027';

/** A unique e-mail address for a test user. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

let adminToken: string | null = null;

/**
 * Token of the demo Super Admin (admin API). A cached token is checked first: a journey that moves the
 * product's clock forward (sandbox time travel) makes earlier sessions expire.
 */
export async function getAdminToken(request: APIRequestContext): Promise<string> {
  if (adminToken) {
    const info = await request.get('/api/admin/info', { headers: { Authorization: `Bearer ${adminToken}` } });
    if (info.ok()) return adminToken;
  }
  const res = await request.post('/api/admin/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  adminToken = ((await res.json()) as { data: { token: string } }).data.token;
  return adminToken;
}

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/**
 * The newest outbox mail to `to` (from the back-office dev mailbox API) whose text matches
 * `pattern`, newer than `afterId`; polls while the mail job runs.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  pattern: RegExp,
  afterId = 0,
): Promise<{ mail: OutboxMail; match: RegExpMatchArray }> {
  const token = await getAdminToken(request);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await request.get('/api/admin/dev/mailbox?page=1&limit=100', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.ok()).toBeTruthy();
    const mails = ((await res.json()) as { data: OutboxMail[] }).data
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && m.id > afterId)
      .sort((a, b) => b.id - a.id);
    for (const mail of mails) {
      const match = mail.text.match(pattern);
      if (match) return { mail, match };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** The 6-digit code of the newest mail to `to`. */
export async function readCode(
  request: APIRequestContext,
  to: string,
  afterId = 0,
): Promise<{ code: string; id: number }> {
  const { mail, match } = await waitForMail(request, to, /\b(\d{6})\b/, afterId);
  return { code: match[1]!, id: mail.id };
}

/** Id of the newest outbox mail to `to` (0 when none), to wait for the next one. */
export async function lastMailId(request: APIRequestContext, to: string): Promise<number> {
  const token = await getAdminToken(request);
  const res = await request.get('/api/admin/dev/mailbox?page=1&limit=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const mails = ((await res.json()) as { data: OutboxMail[] }).data.filter((m) =>
    m.to.toLowerCase().includes(to),
  );
  return Math.max(0, ...mails.map((m) => m.id));
}

/** Registers and verifies a user through the API; returns its e-mail. */
export async function createVerifiedUser(
  request: APIRequestContext,
  prefix: string,
  userTypeId = 1,
): Promise<string> {
  const email = uniqueEmail(prefix);
  const res = await request.post('/api/user/store-user', {
    data: {
      first_name: 'Test',
      last_name: prefix,
      email,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
      gender: 'other',
      user_type_id: userTypeId,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { code } = await readCode(request, email);
  const verify = await request.post('/api/verify-user', { data: { email, code } });
  expect(verify.ok(), await verify.text()).toBeTruthy();
  return email;
}

/** Types a 6-digit code into a Mantine PinInput. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('code-input').locator('input').first().click();
  await page.keyboard.type(code, { delay: 30 });
}

/**
 * Signs in through the login screen (no second step): the sign-in form's own journeys
 * (auth.spec.ts). Other journeys sign in with `signIn`, which skips the form.
 */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

/**
 * Opens `path` signed in with `token`, stored under `tokenKey` in both storages as the app stores
 * a session it signed in (and `language` under APP_LANG when given). The storage is written from a
 * page of the same origin that boots no app (the health check), so the app boots once, already signed
 * in: going through the form cost three boots of the app per sign-in, in more than 80 journeys.
 */
async function openSignedIn(
  page: Page,
  tokenKey: 'AUTH_TOKEN' | 'USER_TOKEN',
  token: string,
  path: string,
  language?: 'en' | 'ar',
): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(
    ([key, value, lang]) => {
      localStorage.setItem(key, value);
      sessionStorage.setItem(key, value);
      if (lang) localStorage.setItem('APP_LANG', lang);
    },
    [tokenKey, token, language ?? ''] as const,
  );
  await page.goto(path);
}

/** A user's session token from the sign-in API (the account has no second step). */
async function userToken(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post('/api/user/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Signs in to the user app (through the API) and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await openSignedIn(page, 'AUTH_TOKEN', await userToken(page, email, password), '/dashboard');
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

/**
 * Signs in to the user app in `language` (stored under APP_LANG, so the whole session and the dashboard
 * it lands on are in that language). `timeout` (ms) bounds the wait for the dashboard, for journeys
 * that run right after heavy seeding.
 */
export async function signInAs(
  page: Page,
  email: string,
  language: 'en' | 'ar',
  { timeout }: { timeout?: number } = {},
): Promise<void> {
  await openSignedIn(page, 'AUTH_TOKEN', await userToken(page, email, DEMO_PASSWORD), '/dashboard', language);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout });
}

/**
 * Signs the demo Super Admin in to the back-office in `language` (through the API, a session of its
 * own). The back-office sign-in form's journeys are in admin-staff.spec.ts.
 */
export async function signInAdmin(page: Page, language: 'en' | 'ar' = 'en'): Promise<void> {
  const res = await page.request.post('/api/admin/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await openSignedIn(page, 'USER_TOKEN', token, '/admin/dashboard', language);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

/** Signs out through the user menu. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
}

/**
 * Buy `coins` for the signed-in user by card through the sandbox checkout (start, pay on the sandbox
 * page, confirm), as the wallet's card purchase does; `headers` carry the user's bearer token.
 */
export async function buyCoinsByCard(
  request: APIRequestContext,
  headers: Record<string, string>,
  coins: number,
): Promise<void> {
  const start = await request.post('/api/wallet/user/recharge/coins', {
    headers,
    data: { coins, method: 'card' },
  });
  expect(start.ok(), await start.text()).toBeTruthy();
  const sessionId = ((await start.json()) as { data: { session_id: string } }).data.session_id;
  const paid = await request.post(`/api/sandbox/checkout/${sessionId}/complete`, {
    data: {},
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(302);
  const confirm = await request.post('/api/stripe/checkout/check/pay', {
    headers,
    data: { session_id: sessionId },
  });
  expect(confirm.ok(), await confirm.text()).toBeTruthy();
}

/** A 1×1 PNG, for the upload fields that take an image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The user app's screens a signed-out visitor can open: the journeys check each of them for
 * accessibility and for the sign-in stylesheet.
 */
export const SIGNED_OUT_SCREENS = [
  '/login',
  '/register',
  '/forgot-password',
  '/expired/password/reset',
  '/user/reset-password?token=x&email=nobody%40e2e.test',
  '/privacy',
  '/paypal/payment/mobile?package_id=1',
];

/**
 * A new page, in a context of its own, signed in to one app as `email` in `lang` (the session and
 * APP_LANG written before the app loads), `width` px wide (a phone's height below 500 px).
 */
export async function signedInPage(
  browser: Browser,
  app: 'web' | 'admin',
  email: string,
  lang: 'en' | 'ar',
  width = 1366,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width > 500 ? 860 : 844 },
    baseURL: test.info().project.use.baseURL,
  });
  const res = await context.request.post(app === 'web' ? '/api/user/login' : '/api/admin/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await context.addInitScript(
    ([k, v, l]) => {
      localStorage.setItem(k!, v!);
      localStorage.setItem('APP_LANG', l!);
    },
    [app === 'web' ? 'AUTH_TOKEN' : 'USER_TOKEN', token, lang],
  );
  return context.newPage();
}

/**
 * Saves a screenshot of the current viewport as `<dir>/<name>.png` (for a look by hand) once the
 * network is idle, and fails when the page scrolls sideways (a 390 px phone must not).
 */
export async function shotWithoutOverflow(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(dir, `${name}.png`) });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(1);
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh Spotify track id (22 base62 characters): no open campaign exists for it yet. */
export function freshTrackId(): string {
  return [...randomBytes(22)].map((b) => BASE62[b % 62]).join('');
}

/** The demo curator's Starter playlist (apps/api express.seed.ts). */
export const STARTER_PLAYLIST = 'Fresh Hip-Hop Finds';

/**
 * A new verified artist (e-mail prefixed `prefix`) with 500 coins bought by card in the sandbox, and
 * their pending Spotify request for a fresh track on the demo curator's Starter playlist (`pitch`
 * when given): the request a seller's journey opens.
 */
export async function pendingStarterRequest(
  request: APIRequestContext,
  prefix: string,
  pitch?: string,
): Promise<{ email: string; campaignId: number }> {
  const email = await createVerifiedUser(request, prefix, 1);
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  await buyCoinsByCard(request, headers, 500);
  const playlists = await request.get('/api/express/artist/playlists', { headers });
  const starter = ((await playlists.json()) as { data: { id: number; name: string }[] }).data.find(
    (p) => p.name === STARTER_PLAYLIST,
  );
  expect(starter).toBeTruthy();
  const created = await request.post('/api/express/artist/campaign/create', {
    headers,
    data: {
      track_link: `https://open.spotify.com/track/${freshTrackId()}`,
      playlist_ids: [starter!.id],
      payment_method: 'coins',
      ...(pitch ? { pitch } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { email, campaignId: ((await created.json()) as { data: { id: number }[] }).data[0]!.id };
}

/**
 * A fresh Spotify track link and the track the API finds for it (`spotify/get-track`, as the artist
 * whose bearer `token` is given).
 */
export async function lookUpFreshTrack(
  request: APIRequestContext,
  token: string,
): Promise<{ link: string; track: { id: string; name: string } }> {
  const link = `https://open.spotify.com/track/${freshTrackId()}`;
  const found = await request.get(`/api/spotify/get-track?link=${encodeURIComponent(link)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(found.ok(), await found.text()).toBeTruthy();
  return {
    link,
    track: ((await found.json()) as { data: { track: { id: string; name: string } } }).data.track,
  };
}

/**
 * Picks `item` in the top bar's `menu` (test ids) until `<html>` has `attribute` = `value`. A click
 * that lands while the menu is still opening or closing (after a popover, on a loaded machine) is
 * lost; the menu is then opened again, as a person would.
 */
export async function chooseFromTopBarMenu(
  page: Page,
  menu: string,
  item: string,
  attribute: string,
  value: string,
): Promise<void> {
  await expect(async () => {
    if (!(await page.getByTestId(item).isVisible())) await page.getByTestId(menu).click();
    await page.getByTestId(item).click({ timeout: 2_000 });
    await expect(page.locator('html')).toHaveAttribute(attribute, value, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * The listening time the journeys' products ask of sellers before a decision:
 * a few seconds instead of the default 30, set through the settings API by the journeys that
 * decide (the rule stays on; the journeys that decide through the page really play the sandbox's
 * preview that long).
 */
export const E2E_LISTEN_SECONDS = 3;

/** Set the product's `min_listen_seconds` to {@link E2E_LISTEN_SECONDS} (or `seconds`) as staff. */
export async function setShortListening(
  request: APIRequestContext,
  seconds = E2E_LISTEN_SECONDS,
): Promise<void> {
  const res = await request.put('/api/admin/settings', {
    headers: { Authorization: `Bearer ${await getAdminToken(request)}` },
    data: { min_listen_seconds: seconds },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/**
 * On a pending request's page, the seller plays the track in the page's player (the sandbox's
 * generated preview) until the server says the listening time is reached: the decision buttons open.
 */
export async function listenInPage(page: Page): Promise<void> {
  const panel = page.getByTestId('listen-panel');
  await expect(panel).toBeVisible();
  const audio = panel.getByTestId('listen-audio');
  await expect(audio).toBeAttached();
  // A press in the page first (the browser lets a page play sound after one), then the player plays;
  // the events it fires are reported to the server.
  await panel.getByRole('heading').click();
  await audio.evaluate((a: HTMLAudioElement) => a.play());
  await expect(page.getByTestId('approve-campaign')).toBeEnabled({ timeout: 30_000 });
  await audio.evaluate((a: HTMLAudioElement) => a.pause());
}

/**
 * Written feedback a seller's decline carries in the journeys (the product's default
 * `min_feedback_words` of 15 stays on): 21 words.
 */
export const FEEDBACK =
  'The chorus arrives late and the vocal sits behind the drums; tighten the intro and bring the hook forward next time.';

/**
 * The seller of campaign `campaignId` reports a real listen through the API (a journey that decides
 * through the API): `play`, the listening time waited out on the product's clock, `pause`.
 */
export async function listenThroughApi(
  request: APIRequestContext,
  token: string,
  campaignId: number,
  seconds = E2E_LISTEN_SECONDS,
): Promise<void> {
  const post = (event: string, position: number) =>
    request.post(`/api/express/campaigns/${campaignId}/listen`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { event, position },
    });
  expect((await post('play', 0)).ok()).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
  const done = await post('pause', seconds + 1);
  expect(done.ok(), await done.text()).toBeTruthy();
  expect(((await done.json()) as { data: { can_decide: boolean } }).data.can_decide).toBe(true);
}
