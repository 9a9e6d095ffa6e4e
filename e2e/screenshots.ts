/**
 * Screenshots of both apps in English and Arabic, light and dark skins, for a visual check.
 *
 * Usage: `npx tsx e2e/screenshots.ts` with the product running (BASE_URL, default
 * http://localhost:3111) and demo data seeded. Writes SHOTS_DIR (default /tmp/shots)/*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { BASE, demoToken } from './demo-server';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots';

/** Full-page shots for the sign-in screens; the signed-in shell has a fixed menu, so viewport shots. */
async function shot(
  page: Page,
  url: string,
  name: string,
  ready: string,
  fullPage = !url.includes('/dashboard') &&
    !url.includes('/account') &&
    !url.includes('/security') &&
    !url.includes('/mailbox'),
) {
  await page.goto(`${BASE}${url}`);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage });
  console.log(`  ${name}.png`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const userToken = await demoToken('user/login', 'artist@demo.test');
  const adminToken = await demoToken('admin/login', 'admin@demo.test');
  for (const lang of ['en', 'ar']) {
    for (const skin of ['light', 'dark']) {
      const tag = `${lang}-${skin}`;
      const prefs = { APP_LANG: lang, APP_SKIN: skin };
      const visitor = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      await visitor.addInitScript((p) => {
        for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
      }, prefs);
      const page = await visitor.newPage();
      await shot(page, '/login', `web-login-${tag}`, 'form[data-testid="login-form"]');
      await shot(page, '/register', `web-register-${tag}`, 'form[data-testid="register-form"]');
      await shot(page, '/admin/login', `admin-login-${tag}`, 'form[data-testid="admin-login-form"]');
      await visitor.close();

      const signedIn = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      await signedIn.addInitScript(
        (p) => {
          for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
        },
        { ...prefs, AUTH_TOKEN: userToken, USER_TOKEN: adminToken },
      );
      const app = await signedIn.newPage();
      await shot(app, '/dashboard', `web-dashboard-${tag}`, '[data-testid="dashboard"]');
      await shot(app, '/account', `web-account-${tag}`, '[data-testid="account-page"]');
      await shot(app, '/security', `web-security-${tag}`, '[data-testid="sessions-table"]');
      await shot(app, '/admin/dashboard', `admin-dashboard-${tag}`, '[data-testid="admin-dashboard"]');
      await shot(app, '/admin/dev/mailbox', `admin-mailbox-${tag}`, 'table');
      await signedIn.close();
    }
  }
  for (const skin of ['bordered', 'semi-dark']) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    await context.addInitScript(
      (p) => {
        for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
      },
      {
        APP_LANG: 'en',
        APP_SKIN: skin,
        APP_MENU_COLLAPSED: 'false',
        AUTH_TOKEN: userToken,
        USER_TOKEN: adminToken,
      },
    );
    const app = await context.newPage();
    await shot(app, '/dashboard', `web-dashboard-en-${skin}`, '[data-testid="dashboard"]');
    await shot(app, '/admin/dashboard', `admin-dashboard-en-${skin}`, '[data-testid="admin-dashboard"]');
    await context.close();
  }
  // the reader's language on the screens with server texts, codes and charts, in Arabic at
  // desktop and phone widths.
  const curatorToken = await demoToken('user/login', 'curator@demo.test');
  for (const width of [1366, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 860 : 844 } });
    await context.addInitScript(
      (p) => {
        for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
      },
      { APP_LANG: 'ar', APP_SKIN: 'dark', AUTH_TOKEN: curatorToken, USER_TOKEN: adminToken },
    );
    const app = await context.newPage();
    const tag = `ar-${width}`;
    await shot(app, '/notifications', `web-notifications-${tag}`, 'tbody tr', false);
    await shot(app, '/payouts/list', `web-payouts-${tag}`, '[data-testid="payouts-chart"]', true);
    await shot(app, '/admin/logs', `admin-logs-${tag}`, 'tbody tr', false);
    await shot(app, '/admin/roles/list', `admin-roles-${tag}`, 'tbody tr', false);
    await shot(app, '/admin/reports', `admin-reports-${tag}`, '[data-testid="chart-sales"]', true);
    await context.close();
  }
  await browser.close();
}

await main();
