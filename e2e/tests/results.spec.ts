import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, shotWithoutOverflow, signInAs } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
type Catalog = { resultsUpload: { audience_option: string }; resultsShare: { open: string } };
const ui = (language: 'en' | 'ar') =>
  JSON.parse(readFileSync(join(ROOT, 'packages/ui/src/i18n/locales', `${language}.json`), 'utf8')) as Catalog;

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * An audience timeline as Spotify for Artists writes it (the newer nine-column export, with its
 * byte-order mark): 120 days to yesterday, listeners a step higher in the last 45 days; `shift` makes
 * two files of the same shape differ.
 */
function audienceTimeline(shift: number): Buffer {
  const lines = [
    'date,listeners,monthly listeners,monthly active listeners,super listeners,streams,playlist adds,saves,followers',
  ];
  const today = Date.parse(`${day(Date.now())}T00:00:00Z`);
  for (let i = 120; i >= 1; i -= 1) {
    const listeners = (i <= 45 ? 160 : 100) + ((i * 7) % 13) + shift;
    lines.push(`${day(today - i * DAY_MS)},${listeners},2000,300,4,${listeners * 2},3,${5 + (i % 4)},900`);
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\n')}\n`)]);
}

/** The demo artist's first completed express campaign (the demo's "Wild Fireflies" placements). */
async function completedCampaign(request: APIRequestContext): Promise<number> {
  const login = await request.post('/api/user/login', {
    data: { email: 'artist@demo.test', password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.get('/api/express/artist/campaigns?limit=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const items = ((await res.json()) as { data: { id: number; status: { id: number } }[] }).data;
  const done = items.filter((c) => c.status.id === 6).map((c) => c.id);
  expect(done.length, 'the demo artist has completed campaigns').toBeGreaterThan(0);
  return Math.min(...done);
}

async function uploadFile(page: Page, name: string, body: Buffer) {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: body });
}

/**
 * Results (issue 32): the demo artist uploads a Spotify for Artists audience timeline (a refused file
 * first, named by line), reads the report of a finished campaign (the song's streams, the listeners
 * just uploaded, the campaign that ran at the same time), opens "What worked for me", downloads the PDF
 * and shares a link that a manager opens without signing in; in English on a desktop and in Arabic on
 * a 390 px phone.
 */
test('an artist uploads figures, reads a report and what worked, downloads the PDF and shares a link (en 1366, ar 390)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const campaignId = await completedCampaign(request);
  for (const [language, width] of [
    ['en', 1366],
    ['ar', 390],
  ] as const) {
    const t = ui(language);
    const phone = width < 1000;
    await page.setViewportSize({ width, height: phone ? 844 : 860 });
    await signInAs(page, 'artist@demo.test', language, { timeout: 30_000 });

    // Upload: a file that is no export is refused naming the line; the audience timeline is stored.
    await page.goto('/results/uploads');
    await page.getByTestId('results-target').click();
    await page.getByRole('option', { name: t.resultsUpload.audience_option }).click();
    await uploadFile(page, 'notes.csv', Buffer.from('day,plays\n2026-01-01,12\n'));
    const refused = page.getByTestId('results-upload-error');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('1');
    await shotWithoutOverflow(page, SHOTS, `results-upload-refused-${language}-${width}`);
    await uploadFile(
      page,
      `Demo Artist-audience-timeline-${language}.csv`,
      audienceTimeline(language === 'en' ? 0 : 1),
    );
    await expect(refused).toBeHidden();
    await expect(page.getByText(`Demo Artist-audience-timeline-${language}.csv`)).toBeVisible();

    // The finished campaign's report: the song's streams and the artist's listeners against the weeks
    // before, what it cost per 1,000 extra streams, and the campaign that ran beside it.
    await page.goto(`/express-campaigns/${campaignId}`);
    const results = page.getByTestId('campaign-results');
    await expect(results).toBeVisible();
    const metric = (m: string) => page.getByTestId(phone ? `result-metric-block-${m}` : `result-metric-${m}`);
    await expect(metric('streams')).toBeVisible();
    await expect(metric('listeners')).toBeVisible();
    await expect(results.getByTestId('results-overlapping')).toBeVisible();
    await expect(results.getByTestId('results-method')).toBeVisible();
    await results.scrollIntoViewIfNeeded();
    await shotWithoutOverflow(page, SHOTS, `results-report-${language}-${width}`);

    // What worked for me, and its PDF.
    await page.goto('/results');
    await expect(page.getByTestId(phone ? 'results-summary-blocks' : 'results-summary')).toBeVisible();
    await shotWithoutOverflow(page, SHOTS, `results-what-worked-${language}-${width}`);
    if (!phone) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('results-pdf').click(),
      ]);
      const path = join(SHOTS, `results-${language}.pdf`);
      await download.saveAs(path);
      const pdf = readFileSync(path);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(2_000);
    }

    // A read-only link for a manager: created, then opened in a browser that never signed in.
    const panel = page.getByTestId('share-links');
    await panel.getByRole('textbox').first().fill(`Label manager ${language}`);
    await panel.getByTestId('share-link-create').click();
    const link = panel.getByTestId('share-link').filter({ hasText: `Label manager ${language}` });
    await expect(link).toBeVisible();
    const href = await link.getByRole('link', { name: t.resultsShare.open }).getAttribute('href');
    expect(href).toContain('/shared/results/');
    const manager = await browser.newContext({ viewport: { width, height: phone ? 844 : 860 } });
    await manager.addInitScript((lang) => localStorage.setItem('APP_LANG', lang), language);
    const managerPage = await manager.newPage();
    await managerPage.goto(new URL(href!).pathname);
    await expect(managerPage.getByTestId('shared-results')).toBeVisible();
    await expect(managerPage.getByTestId('shared-report').first()).toBeVisible();
    await shotWithoutOverflow(managerPage, SHOTS, `results-shared-${language}-${width}`);
    await manager.close();
  }
  writeFileSync(join(SHOTS, 'results-journey.done'), new Date().toISOString());
});
