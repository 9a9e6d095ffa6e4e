import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import {
  E2E_LISTEN_SECONDS,
  listenInPage,
  pendingStarterRequest,
  setShortListening,
  signInAs,
} from './helpers';
import { shot } from './social-journey';

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
    const { campaignId } = await pendingStarterRequest(
      request,
      `listen-${language}`,
      language === 'ar' ? 'أغنية للقيادة ليلاً' : 'Made for late drives',
    );

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
