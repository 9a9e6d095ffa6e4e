import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const url of ['http://localhost:4161/admin/', 'http://localhost:4161/login']) {
  const page = await browser.newPage();
  page.on('console', (m) => console.log(url, m.type(), m.text().slice(0, 400)));
  page.on('pageerror', (e) => console.log(url, 'PAGEERROR', e.message.slice(0, 600)));
  await page.goto(url);
  await page.waitForTimeout(4000);
  console.log(url, '->', page.url());
}
await browser.close();
