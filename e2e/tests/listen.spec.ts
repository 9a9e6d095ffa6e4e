import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import {
  buyCoinsByCard,
  createVerifiedUser,
  DEMO_PASSWORD,
  E2E_LISTEN_SECONDS,
  listenInPage,
  setShortListening,
  signInAs,
} from './helpers';
import { shot } from './social-journey';

/** The demo curator's Starter playlist (apps/api express.seed.ts). */
const STARTER = { id: '37i9dQZF1DX0XUsuxWHRQd', name: 'Fresh Hip-Hop Finds' };
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const trackId = () => [...randomBytes(22)].map((b) => BASE62[b % 62]).join('');

/**
 * Hear it first: the curator opens a pending request, sees the artist's pitch beside the
 * player and the decision buttons closed; plays the track (the sandbox's generated preview) until the
 * server has counted the listening time; the buttons open, the approval goes through and the timeline
 * says how long the track was played. English on a desktop, Arabic on a 390 px phone.
 */
for (const [language, width] of [
  ['en', 1366],
  ['ar', 390],
] as const) {
  test(`a curator plays the track, waits, then the decision opens (${language}, ${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await setShortListening(request);
    const email = await createVerifiedUser(request, `listen-${language}`, 1);
    const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
    expect(login.ok(), await login.text()).toBeTruthy();
    const headers = {
      Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
    };
    await buyCoinsByCard(request, headers, 500);
    const playlists = await request.get('/api/express/artist/playlists', { headers });
    const starter = ((await playlists.json()) as { data: { id: number; name: string }[] }).data.find(
      (p) => p.name === STARTER.name,
    );
    expect(starter).toBeTruthy();
    const created = await request.post('/api/express/artist/campaign/create', {
      headers,
      data: {
        track_link: `https://open.spotify.com/track/${trackId()}`,
        playlist_ids: [starter!.id],
        payment_method: 'coins',
        pitch: language === 'ar' ? 'أغنية للقيادة ليلاً' : 'Made for late drives',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const campaignId = ((await created.json()) as { data: { id: number }[] }).data[0]!.id;

    await page.setViewportSize({ width, height: width > 1000 ? 860 : 844 });
    await signInAs(page, 'curator@demo.test', language);
    await page.goto(`/express-campaigns/${campaignId}`);
    const panel = page.getByTestId('listen-panel');
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('listen-about')).toContainText(
      language === 'ar' ? 'أغنية للقيادة ليلاً' : 'Made for late drives',
    );
    // Closed until the server has counted the listening time.
    await expect(page.getByTestId('approve-campaign')).toBeDisabled();
    await expect(page.getByTestId('decline-campaign')).toBeDisabled();
    await expect(page.getByTestId('listen-status')).toContainText(String(E2E_LISTEN_SECONDS));
    await shot(page, `listen-before-${language}-${width}`);
    await expectAccessible(page, `listen panel ${language}`);

    await listenInPage(page);
    await expect(page.getByTestId('decline-campaign')).toBeEnabled();
    await shot(page, `listen-after-${language}-${width}`);
    await page.getByTestId('approve-campaign').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('listen-panel')).toHaveCount(0);
    await expect(page.getByTestId('timeline-listened')).toBeVisible();
    await shot(page, `listen-decided-${language}-${width}`);
  });
}
