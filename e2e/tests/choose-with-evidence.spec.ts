import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import {
  buyCoinsByCard,
  createVerifiedUser,
  DEMO_PASSWORD,
  freshTrackId,
  shotWithoutOverflow,
  signedInPage,
  signInAs,
} from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
type Catalog = {
  ui: { wizard: { next: string } };
  offers: { moods: Record<string, string>; filters: { more: string } };
  express: { create: { pay: string } };
};
const ui = (language: 'en' | 'ar') =>
  JSON.parse(readFileSync(join(ROOT, 'packages/ui/src/i18n/locales', `${language}.json`), 'utf8')) as Catalog;

/** The demo marketplace's indie playlists (apps/api/src/seed/marketplace.demo.ts, express.seed.ts). */
const INDIE = ['Indie Night Drive', 'İstanbul Pop', 'Indie Pop Rising'];

/** Picks `option` in a Mantine MultiSelect by typing its start. */
async function pick(page: Page, testId: string, option: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(option.slice(0, 5));
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/**
 * Choose with evidence (issue 31): an artist gives the track's genres, reads the playlists matched for
 * it with the reason of each, filters the list (the filter lands in the URL), opens a profile in the
 * side panel, chooses from it without losing the selection, picks a second matched playlist and pays;
 * in English on a desktop and in Arabic on a 390 px phone.
 */
test('an artist filters, opens a profile, picks two matched playlists and pays (en 1366, ar 390)', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  for (const [language, width] of [
    ['en', 1366],
    ['ar', 390],
  ] as const) {
    const t = ui(language);
    const email = await createVerifiedUser(request, `evidence-${language}`, 1);
    const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    await buyCoinsByCard(request, { Authorization: `Bearer ${token}` }, 1000);
    await page.setViewportSize({ width, height: width > 1000 ? 860 : 844 });
    await signInAs(page, email, language, { timeout: 30_000 });
    await page.goto('/create/express/campaign');
    await page.getByTestId('track-link').fill(`https://open.spotify.com/track/${freshTrackId()}`);
    await page.getByTestId('track-link').blur();
    await expect(page.getByTestId('track-preview')).toBeVisible();
    await pick(page, 'track-genres', 'indie');
    await pick(page, 'track-genres', 'indie-pop');
    await page.getByTestId('made-with-ai-no').check();
    await shotWithoutOverflow(page, SHOTS, `evidence-song-${language}-${width}`);
    await page.getByRole('button', { name: t.ui.wizard.next, exact: true }).click();

    // Matched for this track: only playlists sharing a genre, each saying why.
    const matched = page.getByTestId('matched-playlist-card');
    await expect(matched.first()).toBeVisible();
    const names = await matched.getByTestId('offer-name').allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const name of names) expect(INDIE, `${name} shares no genre`).toContain(name.trim());
    await expect(matched.first().getByTestId('match-reason')).toBeVisible();
    await expectAccessible(page, `matched playlists (${language})`);
    await shotWithoutOverflow(page, SHOTS, `evidence-matched-${language}-${width}`);

    // Filter the whole list by mood: kept in the URL, the list follows.
    await page.getByTestId('mood-filter').click();
    await page.getByRole('option', { name: t.offers.moods.dreamy, exact: true }).click();
    await expect(page).toHaveURL(/mood=dreamy/);
    await expect(page.getByTestId('all-playlists').getByTestId('playlist-card')).toHaveCount(1);
    await expect(page.getByTestId('all-playlists')).toContainText('Indie Night Drive');
    await page.getByTestId('more-filters').click();
    await page.getByTestId('filter-max_price').fill('100');
    await expect(page).toHaveURL(/max_price=100/);
    await expect(page.getByTestId('all-playlists')).toHaveCount(0);
    await page.getByTestId('clear-filters').click();
    await expect(page).not.toHaveURL(/mood=|max_price=/);

    // The first suggestion's profile in the side panel; choose it there.
    await matched.first().getByTestId('open-profile').click();
    const drawer = page.getByTestId('offer-profile');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('offer-description')).toBeVisible();
    await expect(drawer.getByTestId('offer-platform-link')).toHaveAttribute(
      'href',
      /open\.spotify\.com\/playlist\//,
    );
    await expect(drawer.getByTestId('follower-history')).toBeVisible();
    await expect(drawer.getByTestId('score-part-acceptance')).toBeVisible();
    await expectAccessible(page, `playlist profile (${language})`);
    await shotWithoutOverflow(page, SHOTS, `evidence-profile-${language}-${width}`);
    await page.getByTestId('profile-choose').click();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(matched.first()).toHaveAttribute('data-selected', 'true');
    await matched.nth(1).click();
    await expect(matched.nth(1)).toHaveAttribute('data-selected', 'true');
    await page.getByRole('button', { name: t.ui.wizard.next, exact: true }).click();

    await expect(page.getByTestId('express-summary')).toBeVisible();
    for (const name of names.slice(0, 2))
      await expect(page.getByTestId('express-summary')).toContainText(name.trim());
    await shotWithoutOverflow(page, SHOTS, `evidence-pay-${language}-${width}`);
    await page.getByRole('button', { name: t.express.create.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/express\/campaigns\/list/);
    const mine = await request.get('/api/express/artist/campaigns?page=1&limit=10', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await mine.json()) as { data: unknown[] }).data).toHaveLength(2);
  }
});

/**
 * A curator edits the description artists read and sees the profile as artists do (the same side
 * panel), in English on a desktop and in Arabic on a 390 px phone.
 */
test('a curator edits the description and sees the profile as artists do (en 1366, ar 390)', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const login = await request.post('/api/user/login', {
    data: { email: 'curator@demo.test', password: DEMO_PASSWORD },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const mine = await request.get('/api/express/curator/playlists?page=1&limit=10', { headers });
  const playlist = ((await mine.json()) as { data: { id: number; name: string }[] }).data.find(
    (p) => p.name === 'Fresh Hip-Hop Finds',
  );
  expect(playlist).toBeTruthy();
  for (const [language, width] of [
    ['en', 1366],
    ['ar', 390],
  ] as const) {
    const page = await signedInPage(browser, 'web', 'curator@demo.test', language, width);
    await page.goto(`/express/my/playlist/view/${playlist!.id}`);
    const editor = page.getByTestId('offer-profile-editor');
    await expect(editor).toBeVisible();
    const words = `Boom-bap and new school, heard in full every Friday (${language} ${Date.now()}).`;
    await page.getByTestId('profile-description').fill(words);
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('profile-save')).toBeDisabled();
    await shotWithoutOverflow(page, SHOTS, `evidence-curator-${language}-${width}`);
    await page.getByTestId('profile-preview').click();
    await expect(page.getByTestId('offer-description')).toHaveText(words);
    await expect(page.getByTestId('offer-seller')).toBeVisible();
    await expectAccessible(page, `curator's profile preview (${language})`);
    await shotWithoutOverflow(page, SHOTS, `evidence-curator-preview-${language}-${width}`);
    await page.context().close();
  }
});
