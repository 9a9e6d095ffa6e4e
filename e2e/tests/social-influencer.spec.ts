import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { getAdminToken, listenInPage, setShortListening } from './helpers';
import {
  advanceClock,
  artistReviews,
  JOURNEYS,
  shot,
  signInAs,
  signOutQuietly,
  userToken,
} from './social-journey';

/**
 * The influencer and staff side of TikTok express: the demo artist buys two campaigns on the demo
 * influencer's TikTok account through the API; the influencer approves one in the user app, posts a
 * video with the sound (the sandbox's dev control), picks it among the account's recent posts and
 * submits it; staff find it in the back-office list and force-end the other, still waiting for the
 * influencer, with the only outcome that fits: a full refund. Then the submitted
 * video's life with the sandbox clock: verified, views short of the target, its days and audit,
 * completed with a partial refund, reviewed both ways.
 * Once in English at 1366 px and once in Arabic at 390 px. Moves the product clock (about 40 days).
 */

const HANDLE = 'ines.dances';

for (const { language, width, height } of JOURNEYS) {
  test(`the influencer approves a TikTok campaign and submits a video; staff list it and force-end another (${language}, ${width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width, height });
    const stamp = Date.now();
    // A sound of its own per run: one open campaign per sound and account.
    const musicId = `73${String(stamp).slice(-13)}${language === 'ar' ? 1 : 0}`;
    const song = `E2E Dance ${language} ${stamp.toString(36)}`;
    const other = `E2E Other ${language} ${stamp.toString(36)}`;

    // The demo artist buys both campaigns on the demo influencer's TikTok account.
    const artist = await userToken(request, 'artist@demo.test');
    const auth = { authorization: `Bearer ${artist}` };
    const accounts = await request.get('/api/express-tiktok/artist/accounts/campaigns', { headers: auth });
    expect(accounts.ok(), await accounts.text()).toBeTruthy();
    const account = ((await accounts.json()) as { data: { id: number; user_name: string }[] }).data.find(
      (a) => a.user_name === HANDLE,
    );
    expect(account).toBeTruthy();
    const ids: number[] = [];
    for (const [name, id] of [
      [song, musicId],
      [other, `${musicId.slice(0, -1)}9`],
    ] as const) {
      const created = await request.post('/api/express-tiktok/artist/campaign/create', {
        headers: auth,
        data: {
          track_link: `https://www.tiktok.com/music/e2e-${id}`,
          account_ids: [account!.id],
          song_name: name,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      ids.push(((await created.json()) as { data: { id: number }[] }).data[0]!.id);
    }
    const [campaignId, otherId] = ids as [number, number];

    // The influencer finds it in the incoming TikTok list and approves it.
    await signInAs(page, '', 'influencer@demo.test', language);
    await page.goto('/tiktok/express/campaigns/list');
    const record = page.locator('[data-testid="list-row"], [data-testid="list-card"], tbody tr', {
      hasText: song,
    });
    await expect(record.first()).toBeVisible();
    await shot(page, `influencer-incoming-${language}-${width}`);
    // Hear it first: the request is decided on its page, under its player (the sandbox's preview).
    await setShortListening(request);
    await record.first().getByTestId('listen-to-decide').click();
    await listenInPage(page);
    await shot(page, `influencer-listened-${language}-${width}`);
    await page.getByTestId('approve-campaign').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('timeline-listened')).toBeVisible();
    await page.goto('/tiktok/express/campaigns/list');
    await expect(record.first().getByTestId('submit-video')).toBeVisible();

    // Nothing posted since the acceptance yet: the picker says what to do.
    await record.first().getByTestId('submit-video').click();
    await expect(page.getByRole('dialog').getByTestId('empty-state')).toBeVisible();
    await shot(page, `influencer-no-video-${language}-${width}`);

    // The influencer posts a video with the sound (the sandbox's dev control), then refreshes.
    const admin = await getAdminToken(request);
    const posted = await request.post('/api/admin/dev/tiktok/posts', {
      headers: { authorization: `Bearer ${admin}` },
      data: { username: HANDLE, music_id: musicId, caption: `Dancing to ${song} #ad` },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const postId = ((await posted.json()) as { data: { id: string } }).data.id;
    await page.getByRole('dialog').getByTestId('refresh-videos').click();
    const option = page.getByRole('dialog').getByTestId('video-option').filter({ hasText: song });
    await expect(option).toBeVisible();
    await option.getByRole('radio').check();
    await expectAccessible(page);
    await shot(page, `influencer-pick-video-${language}-${width}`);
    await page.getByRole('dialog').getByTestId('submit-video-confirm').click();
    await expect(page.getByTestId('added-result')).toContainText(
      language === 'ar' ? 'تم العثور على الفيديو' : 'Video found',
    );
    const shown = await request.get(`/api/express-tiktok/artist/show/campaign/${campaignId}`, {
      headers: auth,
    });
    expect(((await shown.json()) as { data: { status: { id: number } } }).data.status.id).toBe(3);
    await shot(page, `influencer-submitted-${language}-${width}`);

    // Staff see it in the TikTok list, and force-end the other one with a refund.
    await signInAs(page, '/admin', 'admin@demo.test', language);
    await page.goto('/admin/express/tiktok/campaigns/list');
    await expect(page.getByText(song).first()).toBeVisible();
    await shot(page, `admin-tiktok-campaigns-${language}-${width}`);
    await page.goto(`/admin/express-tiktok-campaigns/${otherId}`);
    await expect(page.getByTestId('social-campaign')).toContainText(other);
    await shot(page, `admin-tiktok-campaign-${language}-${width}`);
    // Still waiting for the influencer: only the full refund fits, and the dialog says why paying the
    // influencer is not offered.
    await page.getByTestId('force-end').click();
    const ending = page.getByRole('dialog');
    await expect(ending.getByRole('radio')).toHaveCount(1);
    await expect(ending.getByTestId('force-end-refunded')).toBeChecked();
    await expect(ending.getByTestId('force-end-no-pay')).toBeVisible();
    await shot(page, `admin-tiktok-force-end-${language}-${width}`);
    await ending.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('force-end')).toHaveCount(0);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
    const ended = await request.get(`/api/admin/express-tiktok/campaigns/${otherId}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(((await ended.json()) as { data: { status: { id: number } } }).data.status.id).toBe(7);
    await expectAccessible(page);
    await shot(page, `admin-tiktok-force-ended-${language}-${width}`);

    // The submitted video's life (sandbox time travel): verified an hour later (On Going), it gains
    // views short of the target agreed at acceptance, stays up through its days and the audit; the
    // campaign completes with the influencer paid for the views achieved and the rest refunded.
    const advance = (step: { days?: number; minutes?: number }) => advanceClock(request, step);
    type Shown = {
      status: { id: number };
      target_views: number | null;
      price: number;
      paid_coins: number | null;
      refunded_coins: number | null;
    };
    const state = async (): Promise<Shown> => {
      // The artist's session ends with the jumps too: a fresh token for each read.
      const token = await userToken(request, 'artist@demo.test');
      const res = await request.get(`/api/express-tiktok/artist/show/campaign/${campaignId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
      return ((await res.json()) as { data: Shown }).data;
    };
    await advance({ minutes: 61 });
    const live = await state();
    expect(live.status.id).toBe(4);
    expect(live.target_views).toBeGreaterThan(1);
    const views = Math.floor(live.target_views! / 2);
    const added = await request.post(`/api/admin/dev/tiktok/posts/${postId}/views`, {
      headers: { authorization: `Bearer ${await getAdminToken(request)}` },
      data: { views },
    });
    expect(added.ok(), await added.text()).toBeTruthy();
    for (let day = 0; day < 45 && (await state()).status.id !== 6; day += 7) await advance({ days: 7 });
    const done = await state();
    expect(done.status.id).toBe(6);
    // Paid for the views achieved, the rest refunded: nothing lost, nothing doubled.
    expect(done.refunded_coins).toBeGreaterThan(0);
    expect(done.paid_coins).toBeGreaterThan(0);
    expect(done.paid_coins! + done.refunded_coins!).toBe(done.price);

    // The artist sees it completed with the partial refund, and reviews the influencer.
    await signInAs(page, '', 'artist@demo.test', language);
    await artistReviews(
      page,
      `/tiktok/express-campaigns/${campaignId}`,
      language,
      done.refunded_coins!,
      `artist-completed-partial-refund-${language}-${width}`,
    );

    // The influencer reviews the artist of this campaign too (the artist's session set aside first).
    await signOutQuietly(page);
    await signInAs(page, '', 'influencer@demo.test', language);
    await page.goto('/tiktok/express/campaigns/list');
    const completed = page.locator('[data-testid="list-card"], tbody tr', { hasText: song }).first();
    await completed.getByTestId('review-artist').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('review-submit').click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    // Four stars: the star's label (its radio input is visually hidden).
    const four = await dialog.locator('input[type="radio"][value="4"]').getAttribute('id');
    await dialog.locator(`label[for="${four}"]`).click();
    await dialog.getByRole('textbox').fill('Clear brief and a great song to dance to.');
    await expectAccessible(page);
    await shot(page, `influencer-review-${language}-${width}`);
    await dialog.getByTestId('review-submit').click();
    await expect(completed.getByTestId('artist-reviewed')).toContainText('4/5');
  });
}
