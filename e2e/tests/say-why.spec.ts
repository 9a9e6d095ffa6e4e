import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { FEEDBACK, listenInPage, pendingStarterRequest, setShortListening, signInAs } from './helpers';
import { shot } from './social-journey';

/**
 * Say why: the curator plays the track, waits, and declines with a reason of the playlist list and
 * written feedback, the dialog counting the words live and refusing too few (English, desktop); the
 * artist reads the reason in Arabic with the feedback and rates it once (Arabic, a 390 px phone).
 */
test('a curator declines with feedback; the artist reads it in Arabic and rates it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await setShortListening(request);
  const { email, campaignId } = await pendingStarterRequest(request, 'say-why');

  // The curator, in English on a desktop: listens, then declines saying why.
  await page.setViewportSize({ width: 1366, height: 860 });
  await signInAs(page, 'curator@demo.test', 'en', { timeout: 60_000 });
  await page.goto(`/express-campaigns/${campaignId}`);
  await expect(page.getByTestId('listen-panel')).toBeVisible({ timeout: 60_000 });
  await listenInPage(page);
  await page.getByTestId('decline-campaign').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('decline-reason-select').click();
  await page.getByRole('option', { name: 'Playlist is full for now' }).click();
  await dialog.getByTestId('decline-feedback').fill('Not for this playlist.');
  await expect(dialog.getByTestId('feedback-word-count')).toHaveText('4 / 15 words');
  await dialog.getByTestId('decline-submit').click();
  await expect(dialog).toContainText('Write at least 15 words');
  await dialog.getByTestId('decline-feedback').fill(FEEDBACK);
  await expect(dialog.getByTestId('feedback-word-count')).toHaveText('21 / 15 words');
  await shot(page, 'say-why-dialog-en-1366');
  await expectAccessible(page, 'decline dialog en');
  await dialog.getByTestId('decline-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('decline-feedback-text')).toHaveText(FEEDBACK);

  // The artist, in Arabic on a phone: the reason in Arabic, the feedback as written, then the rating.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, email, 'ar', { timeout: 60_000 });
  await page.goto(`/express-campaigns/${campaignId}`);
  await expect(page.getByTestId('decline-reason')).toHaveText('قائمة التشغيل ممتلئة حاليًا', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('decline-feedback-text')).toHaveText(FEEDBACK);
  await expect(page.getByTestId('timeline-listened')).toBeVisible();
  await shot(page, 'say-why-artist-ar-390');
  await expectAccessible(page, 'declined campaign ar');
  const rating = page.getByTestId('feedback-rating');
  await rating.getByTestId('feedback-rating-submit').click();
  await expect(rating.getByRole('alert')).toBeVisible();
  await rating.getByText('نعم، ساعدتني').click();
  await rating.getByTestId('feedback-stars').locator('label').nth(3).click();
  await rating.getByTestId('feedback-rating-submit').click();
  await expect(page.getByTestId('feedback-rated')).toContainText('مفيدة');
  await shot(page, 'say-why-rated-ar-390');
});
