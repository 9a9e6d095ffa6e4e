import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { getAdminToken, signedInPage, TINY_PNG, waitForMail } from './helpers';

/** Screenshots of the journey, looked at by hand. */
const SHOTS = process.env.TICKETS_SHOTS_DIR ?? '/work/notes/shots/tickets';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

async function choose(page: Page, testId: string, option?: string) {
  await page.getByTestId(testId).click();
  const options = page.getByRole('option');
  if (option) await options.filter({ hasText: option }).first().click();
  else await options.first().click();
}

/**
 * The journey once, each side in one language: the user in English at 1366 px, staff in Arabic (then at
 * 390 px); afterwards each side's screens in the other language (staff in English, the user in Arabic at
 * 390 px) without walking the steps again. Until session 7 the whole journey ran twice, once per
 * language (~40 s each in CI).
 */
test('a ticket from question to rating, with an internal note the user never sees (user en, staff ar; then each side in the other language)', async ({
  browser,
  request,
}) => {
  // Two apps, two languages of screenshots and a download: 90 s is tight on a shared 2-core machine.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const subject = `Campaign question ${stamp}`;
  const secret = `Internal: check the curator first ${stamp}`;
  const answer = `We checked your campaign ${stamp}: the playlist is live.`;

  // The user opens a ticket about one of their campaigns, with a screenshot attached.
  const user = await signedInPage(browser, 'web', 'artist@demo.test', 'en');
  await user.goto('/tickets');
  await user.getByTestId('new-ticket').first().click();
  // The form's buttons read in words, never as catalog keys (ui.confirm.cancel once showed raw).
  await expect(
    user.getByTestId('ticket-form').getByRole('button', { name: 'Cancel', exact: true }),
  ).toBeVisible();
  await user.getByTestId('ticket-subject').fill(subject);
  await choose(user, 'ticket-department');
  // Each campaign says its platform (otherwise two campaigns of one song differ only by number).
  await user.getByTestId('ticket-campaign').click();
  await expect(user.getByRole('option').first()).toContainText(/^#\d+ .+ · (Spotify|TikTok|Instagram)/);
  await user.getByRole('option').first().click();
  await user.getByTestId('ticket-message').fill('My campaign does not show any progress. Can you check?');
  await user.locator('[data-testid="ticket-form"] input[type="file"]').setInputFiles({
    name: 'progress.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(user.getByTestId('picked-file')).toHaveCount(1);
  await user.getByTestId('ticket-submit').click();
  await expect(user).toHaveURL(/\/my-ticket\/details\/\d+$/);
  const ticketId = Number(/details\/(\d+)/.exec(user.url())![1]);
  await expect(user.getByTestId('ticket-title')).toContainText(subject);
  await expect(user.getByTestId('ticket-attachment')).toContainText('progress.png');
  // The attachment downloads through the access-checked route (no public link), with its name.
  const [download] = await Promise.all([
    user.waitForEvent('download'),
    user.getByTestId('ticket-attachment').click(),
  ]);
  expect(download.suggestedFilename()).toBe('progress.png');
  await shot(user, 'user-detail-open-en-1366');

  // The assigned admin (in Arabic) adds an internal note, then answers.
  const staff = await signedInPage(browser, 'admin', 'admin@demo.test', 'ar');
  await staff.goto(`/admin/tickets/details/${ticketId}`);
  await expect(staff.getByTestId('ticket-title')).toContainText(subject);
  await expect(staff.getByTestId('ticket-assignee')).toContainText('Demo Admin');
  await staff.getByTestId('reply-message').fill(secret);
  await staff.getByTestId('reply-internal').click();
  await staff.getByTestId('reply-send').click();
  await expect(staff.getByTestId('ticket-note')).toContainText(secret);
  await staff.getByTestId('reply-message').fill(answer);
  await staff.getByTestId('reply-send').click();
  await expect(staff.getByTestId('ticket-reply')).toContainText(answer);
  await shot(staff, 'staff-detail-ar-1366');

  // The user sees the answer and never the note; the answer came by mail, without the note.
  await user.reload();
  await expect(user.getByTestId('ticket-reply').first()).toContainText(answer);
  await expect(user.getByText(secret)).toHaveCount(0);
  const { mail } = await waitForMail(request, 'artist@demo.test', new RegExp(answer.slice(0, 30)));
  expect(mail.text).not.toContain(secret);

  // The user answers by e-mail (the sandbox sender of the dev mailbox), quoted text and all.
  const token = await getAdminToken(request);
  const emailed = await request.post(`/api/admin/dev/mailbox/${mail.id}/reply`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { text: `Thanks, I see it now (${stamp}).` },
  });
  expect((await emailed.json()).data.status).toBe('added');
  await user.reload();
  await expect(user.getByText(`Thanks, I see it now (${stamp}).`)).toBeVisible();

  // Staff resolve the ticket; the user rates the help.
  await staff.reload();
  await staff.getByTestId('ticket-resolve').click();
  await expect(staff.getByTestId('ticket-status')).toHaveAttribute('data-kind', 'success');
  await expect(staff.getByTestId('ticket-delete')).toBeDisabled();
  await staff.setViewportSize({ width: 390, height: 844 });
  await shot(staff, 'staff-detail-ar-390');
  await staff.goto('/admin/tickets/list');
  await expect(staff.getByTestId('ticket-stats')).toBeVisible();
  await expect(staff.getByTestId('list-card').first()).toBeVisible();
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(staff, 'staff-list-ar-390');
  await staff.setViewportSize({ width: 1366, height: 860 });
  await staff.reload();
  await expect(staff.getByTestId('ticket-stats')).toBeVisible();
  await shot(staff, 'staff-list-ar-1366');

  await user.reload();
  const rating = user.getByTestId('ticket-rating');
  await expect(rating).toBeVisible();
  await rating.locator('label').last().click();
  const sent = user.waitForResponse((r) => r.url().endsWith(`/tickets/${ticketId}/rating`) && r.ok());
  await user.getByTestId('rating-send').click();
  await sent;
  await expect(user.getByTestId('ticket-rating')).toBeVisible();
  await shot(user, 'user-detail-rated-en-1366');
  const rated = await request.get(`/api/ticket/${ticketId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await rated.json()).data.rating).toBe(5);

  // On a phone the user's list is cards and nothing scrolls sideways.
  await user.setViewportSize({ width: 390, height: 844 });
  await user.goto('/tickets');
  await expect(user.getByTestId('list-card').filter({ hasText: subject })).toBeVisible();
  expect(await user.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(user, 'user-list-en-390');
  await user.context().close();
  await staff.context().close();

  // Staff's screens in English: the detail with the note and the answer, the list as cards on a phone.
  const staffEn = await signedInPage(browser, 'admin', 'admin@demo.test', 'en');
  await staffEn.goto(`/admin/tickets/details/${ticketId}`);
  await expect(staffEn.getByTestId('ticket-title')).toContainText(subject);
  await expect(staffEn.getByTestId('ticket-note')).toContainText(secret);
  await expect(staffEn.getByTestId('ticket-reply').first()).toContainText(answer);
  await expect(staffEn.getByTestId('ticket-status')).toHaveAttribute('data-kind', 'success');
  await shot(staffEn, 'staff-detail-en-1366');
  await staffEn.setViewportSize({ width: 390, height: 844 });
  await staffEn.goto('/admin/tickets/list');
  await expect(staffEn.getByTestId('ticket-stats')).toBeVisible();
  await expect(staffEn.getByTestId('list-card').first()).toBeVisible();
  expect(await staffEn.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(staffEn, 'staff-list-en-390');
  await staffEn.context().close();

  // The user's screens in Arabic at 390 px, right to left: the new-ticket form, the list as cards,
  // the detail with the answer and the rating and never the note.
  const userAr = await signedInPage(browser, 'web', 'artist@demo.test', 'ar', 390);
  await userAr.goto('/tickets');
  await expect(userAr.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(userAr.getByTestId('list-card').filter({ hasText: subject })).toBeVisible();
  expect(await userAr.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(userAr, 'user-list-ar-390');
  await userAr.getByTestId('new-ticket').first().click();
  await expect(userAr.getByTestId('ticket-form')).toBeVisible();
  await expect(
    userAr.getByTestId('ticket-form').getByRole('button', { name: 'إلغاء', exact: true }),
  ).toBeVisible();
  await choose(userAr, 'ticket-department');
  expect(await userAr.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(userAr, 'user-new-ar-390');
  await userAr.goto(`/my-ticket/details/${ticketId}`);
  await expect(userAr.getByTestId('ticket-title')).toContainText(subject);
  await expect(userAr.getByTestId('ticket-reply').first()).toContainText(answer);
  await expect(userAr.getByText(secret)).toHaveCount(0);
  await expect(userAr.getByTestId('ticket-rating')).toBeVisible();
  await shot(userAr, 'user-detail-ar-390');
  await userAr.context().close();
});
