import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { pendingStarterRequest, signInAs } from './helpers';
import { shot } from './social-journey';

/**
 * The conversation of a campaign, both ways: the artist (English, desktop) writes to the curator and
 * slips in an e-mail address; the curator (Arabic, a 390 px phone) sees the unread badge on the list,
 * reads the message with the address shown as the translated marker, and answers; the artist reads the
 * answer. Each side's panel passes the accessibility check.
 */
test('the artist and the curator write to each other; a typed e-mail shows as the marker (en 1366, ar 390)', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000 * Number(process.env.E2E_SLOW ?? 1));
  const { email, campaignId } = await pendingStarterRequest(request, 'messages');

  // The artist, in English on a desktop, writes first.
  const artistContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const artist = await artistContext.newPage();
  await signInAs(artist, email, 'en');
  await artist.goto(`/express-campaigns/${campaignId}`);
  const artistPanel = artist.getByTestId('campaign-messages');
  await expect(artistPanel).toBeVisible();
  await artistPanel
    .getByLabel('Your message')
    .fill('Hi! Thanks for listening. Mail me at jane.doe@gmail.com');
  await artistPanel.getByRole('button', { name: 'Send' }).click();
  await expect(artistPanel.getByTestId('campaign-message')).toHaveCount(1);
  await expect(artistPanel.getByTestId('contact-removed')).toHaveText('[contact details removed]');
  await expect(artistPanel).not.toContainText('gmail');
  await expectAccessible(artist, 'campaign messages en');
  await shot(artist, 'messages-artist-en-1366');
  // The artist leaves the conversation: left open, it would fetch (and mark read) the answer by itself
  // within its refresh interval, before the dashboard could count it.
  await artist.goto('about:blank');

  // The curator, in Arabic on a phone, sees the unread badge, reads and answers.
  const curatorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const curator = await curatorContext.newPage();
  await signInAs(curator, 'curator@demo.test', 'ar');
  await curator.goto('/express/campaigns/list');
  await expect(curator.getByText('رسالة واحدة غير مقروءة').first()).toBeVisible();
  await curator.goto(`/express-campaigns/${campaignId}`);
  const curatorPanel = curator.getByTestId('campaign-messages');
  await expect(curatorPanel.getByRole('log', { name: 'الرسائل' })).toContainText('Thanks for listening');
  await expect(curatorPanel.getByTestId('contact-removed')).toHaveText('[أُزيلت بيانات الاتصال]');
  await curatorPanel.getByLabel('رسالتك').fill('شكرًا! سأستمع مرة أخرى الليلة.');
  await curatorPanel.getByRole('button', { name: 'إرسال' }).click();
  await expect(curatorPanel.getByTestId('campaign-message')).toHaveCount(2);
  await expectAccessible(curator, 'campaign messages ar');
  await shot(curator, 'messages-curator-ar-390');

  // Back on the artist's side: the dashboard counts the unread answer, then it arrives (the page
  // refreshes the thread when reopened).
  await artist.goto('/dashboard');
  await expect(artist.getByTestId('unread-total')).toHaveText('1 unread message');
  await artist.goto(`/express-campaigns/${campaignId}`);
  await expect(artistPanel.getByTestId('campaign-message')).toHaveCount(2);
  await expect(artistPanel).toContainText('سأستمع مرة أخرى الليلة');
  await artistContext.close();
  await curatorContext.close();
});
