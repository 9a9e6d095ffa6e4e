/**
 * Every list of both apps, and the wizard, detail pages and a dialog, at 390 px wide (a phone), in
 * English and Arabic. For a visual check, not part of the test suite.
 *
 * Usage: `npx tsx e2e/phone-screenshots.ts` with the product running (BASE_URL, default
 * http://localhost:3111) and demo data seeded. Writes SHOTS_DIR (default /tmp/phone-shots)/*.png and
 * prints, per page, whether it scrolls sideways (it must not).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { BASE, demoToken } from './demo-server';

const OUT = process.env.SHOTS_DIR ?? '/tmp/phone-shots';
const PHONE = { width: 390, height: 844 };

async function firstId(path: string, auth: string): Promise<number | null> {
  const res = await fetch(`${BASE}/api/${path}`, { headers: { Authorization: `Bearer ${auth}` } });
  const body = (await res.json()) as { data: { id: number }[] };
  return body.data?.[0]?.id ?? null;
}

const overflows: string[] = [];

async function shot(page: Page, url: string, name: string) {
  await page.goto(`${BASE}${url}`);
  await page.waitForLoadState('networkidle');
  await page.locator('main').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForTimeout(500);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 390) overflows.push(`${name} (${wide}px)`);
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
  console.log(`  ${name}.png${wide > 390 ? `  SCROLLS SIDEWAYS: ${wide}px` : ''}`);
}

async function context(browser: Browser, lang: string, tokens: Record<string, string>) {
  const ctx = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  await ctx.addInitScript(
    (p) => {
      for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
    },
    { APP_LANG: lang, APP_SKIN: 'light', ...tokens },
  );
  return ctx;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const artist = await demoToken('user/login', 'artist@demo.test');
  const curator = await demoToken('user/login', 'curator@demo.test');
  const admin = await demoToken('admin/login', 'admin@demo.test');
  const campaign = await firstId('express/artist/campaigns?limit=10', artist);
  const userId = await firstId('admin/users?limit=10', admin);
  const only = process.env.LANGS?.split(',') ?? ['en', 'ar'];
  for (const lang of only) {
    console.log(`web, artist (${lang})`);
    let ctx = await context(browser, lang, { AUTH_TOKEN: artist });
    let page = await ctx.newPage();
    for (const [url, name] of [
      ['/express/campaigns/list', 'campaigns'],
      ['/wallet/user/transaction', 'transactions'],
      ['/invoices/list', 'invoices'],
      ['/notifications', 'notifications'],
      ['/security', 'security-sessions'],
      ['/dashboard', 'dashboard'],
      ['/wallet/coins/packages', 'packages'],
      ['/create/express/campaign', 'wizard'],
      ...(campaign ? [[`/express-campaigns/${campaign}`, 'campaign-detail']] : []),
      ['/paypal/callback', 'paypal-callback-no-order'],
    ] as const)
      await shot(page, url, `web-artist-${name}-${lang}`);
    await ctx.close();

    console.log(`web, curator (${lang})`);
    ctx = await context(browser, lang, { AUTH_TOKEN: curator });
    page = await ctx.newPage();
    for (const [url, name] of [
      ['/express/campaigns/list', 'incoming-campaigns'],
      ['/express/my/playlists/list', 'playlists'],
      ['/connection/list', 'connections'],
      ['/payouts/list', 'payouts'],
      ['/withdrawal/list', 'withdrawal'],
    ] as const)
      await shot(page, url, `web-curator-${name}-${lang}`);
    await ctx.close();

    console.log(`admin (${lang})`);
    ctx = await context(browser, lang, { USER_TOKEN: admin });
    page = await ctx.newPage();
    for (const [url, name] of [
      ['/admin/dashboard', 'dashboard'],
      ['/admin/users/list', 'users'],
      ...(userId ? [[`/admin/users/${userId}`, 'user-overview']] : []),
      ['/admin/admin/list', 'admins'],
      ['/admin/roles/list', 'roles'],
      ['/admin/logs', 'logs'],
      ['/admin/notifications', 'notifications'],
      ['/admin/horizon', 'horizon'],
      ['/admin/express/playlists/list', 'express-playlists'],
      ['/admin/express/campaigns/list', 'express-campaigns'],
      ...(campaign ? [[`/admin/express-campaigns/${campaign}`, 'express-campaign-detail']] : []),
      ['/admin/express/tiers/list', 'express-tiers'],
      ['/admin/express/durations/list', 'express-durations'],
      ['/admin/express/reasons/list', 'express-reasons'],
      ['/admin/wallet/main/list', 'wallet-main'],
      ['/admin/wallet/transaction/list', 'wallet-transactions'],
      ['/admin/wallet/deposit/list', 'wallet-deposits'],
      ['/admin/wallet/coins/details/list', 'wallet-coins-details'],
      ['/admin/wallet/packages/list', 'wallet-packages'],
      ['/admin/invoices/list', 'invoices'],
      ['/admin/requests/list', 'payout-requests'],
      ['/admin/payouts/list', 'payouts'],
      ['/admin/genres/list', 'genres'],
      ['/admin/interests/list', 'interests'],
      ['/admin/userTypes/list', 'user-types'],
      ['/admin/tiers/list', 'user-tiers'],
      ['/admin/sliders/list', 'sliders'],
      ['/admin/dev/mailbox', 'dev-mailbox'],
      ['/admin/reports', 'reports'],
    ] as const)
      await shot(page, url, `admin-${name}-${lang}`);
    await ctx.close();
  }
  await browser.close();
  console.log(
    overflows.length ? `\nScroll sideways:\n  ${overflows.join('\n  ')}` : '\nNo page scrolls sideways.',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
