import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInAdmin } from './helpers';

/** A sandbox playlist link of exactly `tracks` tracks (the sandbox reads the size from the id). */
function playlistLink(tracks: number): string {
  const rest = randomUUID().replaceAll('-', '').slice(0, 13);
  return `https://open.spotify.com/playlist/Tracks${String(tracks).padStart(3, '0')}${rest}`;
}

test('staff scrape two playlists, filter the artists and send them to a leads list; an auto-scraping keyword runs once (English, then Arabic)', async ({
  page,
}) => {
  const suffix = randomUUID().slice(0, 6);
  await signInAdmin(page, 'en');

  // Two playlist links pasted: a job each, with live progress on the list.
  await page.goto('/admin/scraping-jobs/lists');
  await expect(page.getByTestId('scraping-nav')).toBeVisible();
  await page.getByTestId('scraping-new').click();
  await page.getByTestId('scraping-links').fill(`${playlistLink(120)}\n${playlistLink(80)}\nnot a link`);
  await page.getByTestId('scraping-start').click();
  await expect(page.getByTestId('scraping-new-errors')).toContainText(
    'Line 3 (not a link): Not a Spotify playlist link',
  );
  await page.getByTestId('scraping-links').fill(`${playlistLink(120)}\n${playlistLink(80)}`);
  await page.getByTestId('scraping-start').click();
  await expect(page.getByText('Playlists queued: 2. Already being scraped: 0.')).toBeVisible();
  const rows = page.locator('table tbody tr');
  await expect(rows.first().getByTestId('job-progress')).toBeVisible();
  await expect(rows.filter({ hasText: 'Completed' })).toHaveCount(2, { timeout: 60_000 });

  // The first job's page: its progress at 100 %, its curator, its artists.
  await rows.first().click();
  await expect(page).toHaveURL(/\/admin\/playlist\/scraping\/\d+/);
  const jobUrl = page.url();
  await expect(page.getByTestId('job-card')).toContainText('80 / 80 tracks (100 %)');
  await expect(page.getByTestId('job-card').getByTestId('scraping-status')).toHaveText('Completed');
  const artists = Number(((await page.getByTestId('job-artists').textContent()) ?? '').replace(/\D/g, ''));
  expect(artists).toBeGreaterThan(50);

  // Filter the artists by a genre, and send them to a new leads list.
  const filters = page.getByTestId('search-filter');
  await filters.getByRole('button', { name: 'Show the filters' }).click();
  await filters.getByLabel('Genre', { exact: true }).click();
  const option = page.getByRole('option').first();
  const genre = ((await option.textContent()) ?? '').trim().replace(/ \(\d+\)$/, '');
  await option.click();
  await filters.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/filter%5Bgenre%5D=|filter\[genre\]=/);
  const firstRow = page.locator('table tbody tr').first();
  await expect(firstRow).toContainText(genre);
  await page.getByTestId('results-send').click();
  await expect(page.getByTestId('send-to-list-form')).toContainText('matching the current filter');
  await page.getByTestId('send-list-name').fill(`Outreach ${suffix}`);
  await page.getByTestId('send-confirm').click();
  await expect(
    page.getByText(new RegExp(`Added to “Outreach ${suffix}”: \\d+ \\(already in it: 0\\)`)),
  ).toBeVisible();

  // An auto-scraping keyword, run once by hand: its run says what it added.
  await page.goto('/admin/auto-scraping-jobs/lists');
  await page.getByTestId('auto-new').click();
  await page.getByTestId('auto-keyword').fill(`e2e dream pop ${suffix}`);
  await page.getByLabel('Playlists taken a run').fill('2');
  await page.getByTestId('auto-save').click();
  await expect(page).toHaveURL(/\/admin\/auto-scraping-jobs\/view\/\d+/);
  const autoUrl = page.url();
  await expect(page.getByTestId('auto-keyword-title')).toHaveText(`e2e dream pop ${suffix}`);
  await expect(page.getByText('Every day at 03:00 UTC').first()).toBeVisible();
  await page.getByTestId('auto-run').click();
  await expect(page.getByText('The run has started')).toBeVisible();
  const run = page.locator('table tbody tr').first();
  await expect(run).toContainText('By hand');
  await expect(run).toContainText('Completed', { timeout: 60_000 });
  await expect(run).toContainText('2 found, 2 new, 2 queued');
  await expect(page.getByTestId('auto-added')).not.toHaveText('0 artists, 0 curators');

  // The same screens in Arabic, right to left.
  await page.evaluate(() => localStorage.setItem('APP_LANG', 'ar'));
  await page.goto(jobUrl);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'مهمة الجمع' })).toBeVisible();
  await expect(page.getByTestId('job-card').getByTestId('scraping-status')).toHaveText('مكتملة');
  await expect(page.getByTestId('results-send')).toHaveText('إرسال إلى قائمة جهات اتصال');
  await page.goto(autoUrl);
  await expect(page.getByTestId('auto-run')).toHaveText('شغّل الآن');
  await expect(page.locator('table tbody tr').first()).toContainText('يدويًا');
});
