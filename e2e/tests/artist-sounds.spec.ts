import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { buyCoinsByCard, createVerifiedUser, DEMO_PASSWORD, signInAs } from './helpers';

/**
 * The artist picks one of their own TikTok sounds in the TikTok wizard instead of pasting a link
 *: with nothing yet the wizard says how to get some; after a first campaign
 * (made through the API) its sound is offered, picking it fills the link and the song name, and the
 * link passes the music check. English at 1366 px, Arabic at 390 px.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/h6-sounds-shots';
const ROOT = join(import.meta.dirname, '..', '..');
const contracts = (lang: string) =>
  JSON.parse(readFileSync(join(ROOT, 'packages/contracts/src/i18n', `${lang}.json`), 'utf8')) as {
    connections: Record<string, string>;
  };
const uiCatalog = (lang: string) =>
  JSON.parse(readFileSync(join(ROOT, 'packages/ui/src/i18n/locales', `${lang}.json`), 'utf8')) as {
    ui: { wizard: { next: string } };
  };

/** The demo influencer's TikTok account (apps/api connections.demo.ts). */
const TIKTOK_ACCOUNT = 'ines.dances';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A fresh artist with coins (sandbox card checkout) and their bearer headers. */
async function artistWithCoins(request: APIRequestContext, prefix: string) {
  const email = await createVerifiedUser(request, prefix, 1);
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  await buyCoinsByCard(request, headers, 1000);
  return { email, headers };
}

for (const [language, width] of [
  ['en', 1366],
  ['ar', 390],
] as const) {
  test(`an artist picks their own TikTok sound in the wizard (${language}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const { email, headers } = await artistWithCoins(request, `sounds-${language}`);
    await page.setViewportSize({ width, height: width > 1000 ? 860 : 844 });
    await signInAs(page, email, language);

    // Nothing to offer yet: the wizard says how to get some, and the link field is there; no request
    // of the page fails (a 409 was logged in the console for every new artist).
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto('/create/tiktok/express/campaign');
    await expect(page.getByTestId('own-sounds-note')).toHaveText(
      contracts(language).connections.no_own_sounds_tiktok!,
    );
    await expect(page.getByTestId('sound-link')).toBeVisible();
    expect(failed).toEqual([]);
    await shot(page, `${language}-${width}-tiktok-no-sounds`);

    // A first campaign through the API (not the point of this test).
    const accounts = await request.get('/api/express-tiktok/artist/accounts/campaigns', { headers });
    const account = ((await accounts.json()) as { data: { id: number; user_name: string }[] }).data.find(
      (a) => a.user_name === TIKTOK_ACCOUNT,
    );
    expect(account).toBeTruthy();
    const music = `${randomInt(1_000_000_000, 9_999_999_999)}${randomInt(100_000_000, 999_999_999)}`;
    const song = `${language === 'ar' ? 'ليالي' : 'Nights'} ${music.slice(-5)}`;
    const created = await request.post('/api/express-tiktok/artist/campaign/create', {
      headers,
      data: {
        track_link: `https://www.tiktok.com/music/nights-${music}`,
        song_name: song,
        account_ids: [account!.id],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The wizard now offers that sound; picking it fills the link and the song name.
    await page.reload();
    const picker = page.getByTestId('own-sound-picker');
    await expect(picker).toBeVisible();
    await expect(page.getByTestId('own-sounds-note')).toHaveCount(0);
    await picker.click();
    const option = page.getByRole('option', { name: song });
    await expect(option).toBeVisible();
    await shot(page, `${language}-${width}-tiktok-sound-picker-open`);
    // At 1366 px the list has closed by the time the screenshot is taken since the wizard gained
    // its "Made with AI?" field (not seen at 390 px; to be looked into): open it again if so.
    if (!(await option.isVisible())) await picker.click();
    await option.click();
    await expect(page.getByTestId('sound-link')).toHaveValue(`https://www.tiktok.com/music/nights-${music}`);
    await expect(page.getByTestId('song-name')).toHaveValue(song);
    await shot(page, `${language}-${width}-tiktok-sound-picked`);
    // The picked link passes the music check: the wizard moves on to the accounts (once the artist
    // has said whether the track was made with AI).
    await page.getByTestId('made-with-ai-no').check();
    await page.getByRole('button', { name: uiCatalog(language).ui.wizard.next }).click();
    await expect(page.getByTestId('offer-filters')).toBeVisible();
  });
}
