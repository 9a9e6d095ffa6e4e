import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { shotWithoutOverflow, signInAdmin } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/i37-vitals-shots';
/** A share link's address: its last part is a signed token (this one works no more, the page still loads). */
const TOKEN = 'eyJraW5kIjoicmVzdWx0LXNoYXJlIiwiaWQiOiI0MiJ9.c2lnbmF0dXJlMTIz';
const PATTERN = '/shared/results/:token';

interface Beacon {
  app: string;
  form_factor: string;
  samples: { metric: string; value: number; rating: string; route: string; navigation_type: string }[];
}

/** Lets the reporter, loaded after the page, read the entries buffered before it (observer callbacks are async). */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200))));
}

test('a page reports its Core Web Vitals under its route pattern, not its address; staff read them per route (en 1366, ar 390)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A signed-out visitor on a phone opens a share link (the sign-in budget's pages report too).
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // The beacons leave while the page unloads, which Playwright's request events miss: the page keeps a
  // copy of each body it hands to sendBeacon in localStorage (same origin, read after leaving).
  await visitor.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const sent = JSON.parse(localStorage.getItem('e2e-beacons') ?? '[]') as string[];
      localStorage.setItem('e2e-beacons', JSON.stringify([...sent, `${url} ${String(data)}`]));
      return send(url, data);
    };
  });
  const page = await visitor.newPage();
  const reporter = page.waitForResponse((r) => /\/report-vitals-[\w-]+\.js$/.test(r.url()));
  await page.goto(`/shared/results/${TOKEN}`);
  await expect(page.getByTestId('shared-results-gone')).toBeVisible();
  await reporter;
  await settle(page);
  // An input ends the largest paint; leaving hides the page, which sends the batch.
  await page.getByTestId('shared-results-gone').click();
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  const beacons = (
    JSON.parse((await page.evaluate(() => localStorage.getItem('e2e-beacons'))) ?? '[]') as string[]
  )
    .filter((b) => b.startsWith('/api/vitals '))
    .map((b) => b.slice('/api/vitals '.length));
  expect(beacons.length).toBeGreaterThan(0);
  const sent = beacons.map((b) => JSON.parse(b) as Beacon);
  const samples = sent.flatMap((b) => b.samples);
  expect(sent[0]).toMatchObject({ app: 'web', form_factor: 'phone' });
  expect(samples.map((s) => s.metric)).toEqual(expect.arrayContaining(['LCP', 'FCP', 'TTFB']));
  expect(new Set(samples.map((s) => s.route)), JSON.stringify(sent)).toEqual(new Set([PATTERN]));
  expect(beacons.join('')).not.toContain(TOKEN.slice(0, 12));
  await visitor.close();

  // Staff, English, 1366 px: the route and its figures on the phone.
  const staff = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await signInAdmin(staff, 'en');
  await staff.goto('/admin/system/web-vitals?days=1');
  await expect(staff.getByRole('heading', { name: 'Real-user speed' })).toBeVisible();
  const row = staff.locator('table tbody tr', { hasText: PATTERN }).filter({ hasText: 'Phone' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('vital-LCP')).toContainText(/\d+ (ms|s)/);
  await expect(row.getByTestId('vital-LCP')).toContainText(/\d+ samples?/);
  await expectAccessible(staff);
  await shotWithoutOverflow(staff, SHOTS, 'web-vitals-en-1366');

  // Arabic, 390 px: right to left, the route still read left to right.
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.evaluate(() => localStorage.setItem('APP_LANG', 'ar'));
  await staff.goto('/admin/system/web-vitals?days=1&device=phone');
  await expect(staff.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(staff.getByRole('heading', { name: 'السرعة الفعلية' })).toBeVisible();
  // Below 768 px the list is a stack of cards.
  await expect(staff.getByTestId('list-card').filter({ hasText: PATTERN })).toBeVisible();
  await expect(staff.getByTestId('list-card').filter({ hasText: 'حاسوب' })).toHaveCount(0);
  await expectAccessible(staff);
  await shotWithoutOverflow(staff, SHOTS, 'web-vitals-ar-390');
});
