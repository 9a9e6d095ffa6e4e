import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { createVerifiedUser, DEMO_PASSWORD, freshTrackId, signInAs } from './helpers';
import { shot } from './social-journey';

/** The demo curator's two approved playlists (apps/api express.seed.ts). */
const STARTER = 'Fresh Hip-Hop Finds';
const PREMIUM = 'Indie Pop Rising';
const ROOT = join(import.meta.dirname, '..', '..');
const ui = (language: 'en' | 'ar') =>
  JSON.parse(readFileSync(join(ROOT, 'packages/ui/src/i18n/locales', `${language}.json`), 'utf8')) as {
    ui: { wizard: { next: string } };
    express: { ai: { question: string } };
  };

/**
 * AI-made music: the demo curator's Premium playlist takes no AI-made music; an artist who declares
 * the track made with AI is not offered it (the Starter playlist still is), in English on a desktop
 * and in Arabic on a 390 px phone, with the accessibility check of the wizard's two steps.
 */
test('an artist declares a track made with AI: a playlist refusing AI music is not offered (en 1366, ar 390)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const curatorLogin = await request.post('/api/user/login', {
    data: { email: 'curator@demo.test', password: DEMO_PASSWORD },
  });
  expect(curatorLogin.ok(), await curatorLogin.text()).toBeTruthy();
  const curator = {
    Authorization: `Bearer ${((await curatorLogin.json()) as { data: { token: string } }).data.token}`,
  };
  const mine = await request.get('/api/express/curator/playlists', { headers: curator });
  const premium = ((await mine.json()) as { data: { id: number; name: string }[] }).data.find(
    (p) => p.name === PREMIUM,
  );
  expect(premium).toBeTruthy();
  const refuse = (on: boolean) =>
    request.put(`/api/express/curator/playlist/edit/${premium!.id}`, {
      headers: curator,
      data: { refuses_ai: on },
    });
  expect((await refuse(true)).ok()).toBeTruthy();
  try {
    const email = await createVerifiedUser(request, 'ai-music', 1);
    for (const [language, width] of [
      ['en', 1366],
      ['ar', 390],
    ] as const) {
      await page.setViewportSize({ width, height: width > 1000 ? 860 : 844 });
      await signInAs(page, email, language, { timeout: 30_000 });
      await page.goto('/create/express/campaign');
      await page.getByTestId('track-link').fill(`https://open.spotify.com/track/${freshTrackId()}`);
      await page.getByTestId('track-link').blur();
      await expect(page.getByTestId('track-preview')).toBeVisible();
      const next = page.getByRole('button', { name: ui(language).ui.wizard.next, exact: true });
      // The question must be answered before going on.
      await next.click();
      await expect(page.getByTestId('made-with-ai')).toContainText(ui(language).express.ai.question);
      await expect(page.getByTestId('playlist-card')).toHaveCount(0);
      await page.getByTestId('made-with-ai-yes').check();
      await expectAccessible(page, `wizard song step with the AI question (${language})`);
      await shot(page, `ai-music-song-${language}-${width}`);
      await next.click();
      await expect(page.getByTestId('playlist-card').filter({ hasText: STARTER })).toBeVisible();
      await expect(page.getByTestId('playlist-card').filter({ hasText: PREMIUM })).toHaveCount(0);
      await expectAccessible(page, `wizard playlists for an AI track (${language})`);
      await shot(page, `ai-music-playlists-${language}-${width}`);
    }
  } finally {
    await refuse(false);
  }
});
