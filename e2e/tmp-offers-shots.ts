import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { BASE, demoToken } from './demo-server';

const OUT = '/tmp/s';
const only = process.argv[2] ?? 'all';
async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const artist = await demoToken('user/login', 'artist@demo.test');
  const curator = await demoToken('user/login', 'curator@demo.test');
  const influencer = await demoToken('user/login', 'influencer@demo.test');
  for (const [lang, width] of [
    ['en', 1366],
    ['ar', 390],
  ] as const) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    await ctx.addInitScript(
      (p) => {
        for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
      },
      { APP_LANG: lang, APP_SKIN: 'light', AUTH_TOKEN: artist },
    );
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    if (only === 'all' || only === 'wizard') {
      await page.goto(`${BASE}/create/express/campaign`);
      await page.getByTestId('track-link').fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
      await page.getByTestId('track-link').blur();
      await page.getByTestId('track-preview').waitFor();
      await page.getByTestId('made-with-ai-no').check();
      await page.screenshot({ path: `${OUT}/song-${lang}-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: lang === 'en' ? 'Next' : 'التالي', exact: true }).click();
      await page.getByTestId('matched-list').waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${OUT}/playlists-${lang}-${width}.png`, fullPage: true });
    }
    if (only === 'all' || only === 'curator') {
      const c2 = await browser.newContext({ viewport: { width, height: 900 } });
      await c2.addInitScript(
        (p) => {
          for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
        },
        { APP_LANG: lang, APP_SKIN: 'light', AUTH_TOKEN: curator },
      );
      const p2 = await c2.newPage();
      p2.on('pageerror', (e) => console.log('PAGEERROR', e.message));
      const list = await (
        await fetch(`${BASE}/api/express/curator/playlists?limit=10`, {
          headers: { Authorization: `Bearer ${curator}` },
        })
      ).json();
      const id = list.data[0].id;
      await p2.goto(`${BASE}/express/my/playlist/view/${id}`);
      await p2.getByTestId('offer-profile-editor').waitFor();
      await p2.waitForTimeout(800);
      await p2.screenshot({ path: `${OUT}/curator-${lang}-${width}.png`, fullPage: true });
      await p2.getByTestId('profile-preview').click();
      await p2.getByTestId('offer-profile').waitFor();
      await p2.waitForTimeout(1200);
      await p2.screenshot({ path: `${OUT}/curator-preview-${lang}-${width}.png` });
      await c2.close();
      const c3 = await browser.newContext({ viewport: { width, height: 900 } });
      await c3.addInitScript(
        (p) => {
          for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
        },
        { APP_LANG: lang, APP_SKIN: 'light', AUTH_TOKEN: influencer },
      );
      const p3 = await c3.newPage();
      await p3.goto(`${BASE}/tiktok/connection/list`);
      await p3.locator('[data-testid^="account-profile-"]').first().click();
      await p3.getByTestId('offer-profile-editor').waitFor();
      await p3.waitForTimeout(800);
      await p3.screenshot({ path: `${OUT}/creator-${lang}-${width}.png` });
      await c3.close();
    }
    await ctx.close();
  }
  await browser.close();
}
void main();
