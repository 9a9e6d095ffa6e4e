import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, getAdminToken, shotWithoutOverflow, signedInPage } from './helpers';

/** Screenshots of the journey, looked at by hand. */
const SHOTS = process.env.HELPDESK_SHOTS_DIR ?? '/tmp/st-helpdesk2/shots';

/**
 * The helpdesk's agent tools (issue 36): tags, the user's context beside the thread, a reply collision
 * answered with "Send anyway", and merging two tickets of one user; in English at 1366 px, then the
 * merged ticket in Arabic at 390 px. Every ticket is made by this run (a unique stamp), so a retry
 * counts nothing of the first attempt.
 */
test('an agent tags, answers over a collision and merges two tickets (en, then ar at 390 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const login = await request.post('/api/user/login', {
    data: { email: 'artist@demo.test', password: DEMO_PASSWORD },
  });
  const userToken = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { Authorization: `Bearer ${userToken}` };
  const departments = await request.get('/api/tickets_department_q', { headers });
  const departmentId = ((await departments.json()) as { data: { id: number }[] }).data[0]!.id;
  const open = async (subject: string) => {
    const res = await request.post('/api/tickets', {
      headers,
      data: { ticket_subject: subject, initial_message: `About ${subject}`, department_id: departmentId },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  const target = await open(`Payout late ${stamp}`);
  const source = await open(`Payout still late ${stamp}`);

  const staff = await signedInPage(browser, 'admin', 'admin@demo.test', 'en');
  await staff.goto(`/admin/tickets/details/${source}`);
  await expect(staff.getByTestId('ticket-title')).toContainText(`Payout still late ${stamp}`);

  // Tags: normalised to lower case, shown as badges.
  await staff.getByTestId('ticket-tag-input').fill(`  Payout ${stamp % 1000} `);
  await staff.getByTestId('ticket-tag-input').press('Enter');
  await expect(staff.getByTestId('ticket-tag')).toHaveText([`payout ${stamp % 1000}`]);

  // The user's other tickets beside the thread link to them.
  await expect(staff.getByTestId('context-ticket').filter({ hasText: `#${target}` })).toBeVisible();

  // A colleague answers while this agent writes: 409, the new reply shows, then "Send anyway".
  await staff.getByTestId('reply-message').fill(`We are checking ${stamp}`);
  const adminToken = await getAdminToken(request);
  const colleague = await request.post('/api/ticket_reply', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { ticket_id: source, message: `Colleague answer ${stamp}` },
  });
  expect(colleague.ok()).toBeTruthy();
  await staff.getByTestId('reply-send').click();
  await expect(staff.getByTestId('reply-collision')).toBeVisible();
  await expect(
    staff.getByTestId('ticket-reply').filter({ hasText: `Colleague answer ${stamp}` }),
  ).toBeVisible();
  await shotWithoutOverflow(staff, SHOTS, 'collision-en-1366');
  await staff.getByTestId('reply-send-anyway').click();
  await expect(
    staff.getByTestId('ticket-reply').filter({ hasText: `We are checking ${stamp}` }),
  ).toBeVisible();
  await expect(staff.getByTestId('reply-collision')).toHaveCount(0);

  // Merge into the user's other ticket.
  await staff.getByTestId('ticket-merge').click();
  await staff.getByTestId('merge-target').click();
  await staff.getByRole('option', { name: `#${target} Payout late ${stamp}` }).click();
  await staff.getByTestId('merge-confirm').click();
  await expect(staff.getByTestId('ticket-merged-into')).toContainText(`#${target}`);
  await staff.getByTestId('ticket-merged-into').click();
  await expect(staff.getByTestId('ticket-title')).toContainText(`Payout late ${stamp}`);
  await expect(staff.getByTestId('reply-merged-from')).toHaveCount(3);
  await expect(staff.getByTestId('ticket-tag')).toHaveText([`payout ${stamp % 1000}`]);
  await shotWithoutOverflow(staff, SHOTS, 'merged-en-1366');

  // The list filters by the tag.
  await staff.goto(`/admin/tickets/list?filter%5Btag%5D=${encodeURIComponent(`payout ${stamp % 1000}`)}`);
  await expect(staff.getByTestId('ticket-row-tag').first()).toHaveText(`payout ${stamp % 1000}`);
  await staff.context().close();

  // In Arabic on a phone: the merged ticket, its badges and the context below the thread.
  const phone = await signedInPage(browser, 'admin', 'admin@demo.test', 'ar', 390);
  await phone.goto(`/admin/tickets/details/${target}`);
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(phone.getByTestId('reply-merged-from').first()).toContainText(`#${source}`);
  await shotWithoutOverflow(phone, SHOTS, 'merged-ar-390');
  await phone.getByTestId('ticket-context').scrollIntoViewIfNeeded();
  await shotWithoutOverflow(phone, SHOTS, 'context-ar-390');
  await phone.context().close();
});
