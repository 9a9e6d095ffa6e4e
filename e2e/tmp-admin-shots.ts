import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { BASE, demoToken } from './demo-server';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const admin = await demoToken('admin/login', 'admin@demo.test');
const users = await (await fetch(`${BASE}/api/admin/express/artists?q=artist`, { headers: { Authorization: `Bearer ${admin}` } })).json();
console.log(JSON.stringify(users).slice(0, 200));
for (const [lang, width] of [['en', 1366], ['ar', 390]] as const) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await ctx.addInitScript((p) => { for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v); }, { APP_LANG: lang, APP_SKIN: 'light', USER_TOKEN: admin });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  const artistId = users.data?.[0]?.id;
  await page.goto(`${BASE}/admin/express/checkout?artist=${artistId}`);
  await page.getByTestId('behalf-matched').waitFor({ timeout: 20000 }).catch(() => console.log('no matched'));
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/s/behalf-${lang}-${width}.png`, fullPage: true });
  const pl = await (await fetch(`${BASE}/api/admin/express/playlists?limit=10`, { headers: { Authorization: `Bearer ${admin}` } })).json();
  await page.goto(`${BASE}/admin/express/offers/playlist/${pl.data[0].id}`);
  await page.getByTestId('offer-profile').waitFor();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/s/admin-offer-${lang}-${width}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
