import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { BASE, demoToken } from './demo-server';

const OUT = '/tmp/s';
async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const artist = await demoToken('user/login', 'artist@demo.test');
  for (const [lang, width] of [['en', 1366], ['ar', 390]] as const) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    await ctx.addInitScript((p) => { for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v); }, { APP_LANG: lang, APP_SKIN: 'light', AUTH_TOKEN: artist });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
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
    await page.getByTestId('more-filters').click();
    await page.waitForTimeout(500);
    await page.getByTestId('playlist-card').first().getByTestId('open-profile').click();
    await page.getByTestId('offer-profile').waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/profile-${lang}-${width}.png`, fullPage: false });
    console.log(lang, page.url());
    await ctx.close();
  }
  await browser.close();
}
void main();
