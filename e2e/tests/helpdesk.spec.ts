import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, readCode, shotWithoutOverflow, signedInPage, uniqueEmail } from './helpers';

/** Screenshots of the journey, looked at by hand. */
const SHOTS = process.env.HELPDESK_SHOTS_DIR ?? '/tmp/st-helpdesk/shots';

/** A new verified user whose language is `lang` (stored from the sign-up's language). */
async function userIn(page: Page, lang: 'en' | 'ar', firstName: string): Promise<string> {
  const email = uniqueEmail(`helpdesk-${lang}`);
  const res = await page.request.post('/api/user/store-user', {
    headers: { 'x-lang': lang },
    data: {
      first_name: firstName,
      last_name: 'Helpdesk',
      email,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
      gender: 'other',
      user_type_id: 1,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { code } = await readCode(page.request, email);
  const verify = await page.request.post('/api/verify-user', { data: { email, code } });
  expect(verify.ok(), await verify.text()).toBeTruthy();
  return email;
}

for (const { lang, width, firstName, greeting } of [
  { lang: 'en', width: 1366, firstName: 'Samira', greeting: 'Hello' },
  { lang: 'ar', width: 390, firstName: 'ليلى', greeting: 'مرحبًا' },
] as const) {
  test(`an agent answers a ticket with a saved reply, placeholders filled, and the user sees it (${lang}, ${width} px)`, async ({
    browser,
  }) => {
    // Two apps, a sign-up, a saved reply and the list: slow on a shared 2-core machine (2.5 min seen).
    test.setTimeout(240_000);
    // Everything the attempt creates carries its own stamp, so a retry never counts the first one's.
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const title = `Campaign check ${stamp}`;

    // Staff write the saved reply in English and Arabic, with placeholders.
    const staff = await signedInPage(browser, 'admin', 'admin@demo.test', lang, width);
    await staff.goto('/admin/tickets/saved-replies');
    await staff.getByTestId('saved-reply-new').click();
    await staff.getByTestId('saved-reply-title').fill(title);
    await staff
      .getByTestId('saved-reply-body')
      .fill('Hello {{user.name}}, about ticket #{{ticket.number}}: we are on it. {{agent.name}}');
    await staff
      .getByTestId('saved-reply-body-translations-ar')
      .fill('مرحبًا {{user.name}}، بخصوص التذكرة رقم {{ticket.number}}: نحن نتابعها. {{agent.name}}');
    // An unknown placeholder is refused under its field, in the staff member's language.
    await staff.getByTestId('saved-reply-body-translations-fr').fill('Bonjour {{user.email}}');
    await staff.getByTestId('saved-reply-save').click();
    await expect(
      staff
        .getByTestId('saved-reply-body-translations')
        .getByText(
          lang === 'ar'
            ? 'يحتوي هذا النص على عنصر نائب غير معروف'
            : 'This text holds a placeholder we do not know',
          { exact: false },
        ),
    ).toBeVisible();
    await staff.getByTestId('saved-reply-body-translations-fr').fill('');
    // The refusal's toast covers the dialog's buttons on a phone: dismiss it as a person would.
    await staff.getByRole('alert').getByRole('button').first().click();
    await expect(staff.getByRole('alert')).toHaveCount(0);
    await staff.getByTestId('saved-reply-save').click();
    await expect(staff.getByText(title)).toBeVisible();
    await shotWithoutOverflow(staff, SHOTS, `saved-replies-${lang}-${width}`);

    // A user writing in `lang` opens a ticket.
    const user = await signedInPage(browser, 'web', await userIn(staff, lang, firstName), lang, width);
    await user.goto('/tickets');
    const token = await user.evaluate(() => localStorage.getItem('AUTH_TOKEN'));
    const headers = { Authorization: `Bearer ${token}` };
    const departments = await user.request.get('/api/tickets_department_q', { headers });
    const departmentId = ((await departments.json()) as { data: { id: number }[] }).data[0]!.id;
    const opened = await user.request.post('/api/tickets', {
      headers,
      data: {
        ticket_subject: `Where is my campaign ${stamp}`,
        initial_message: 'It has not started yet.',
        department_id: departmentId,
      },
    });
    expect(opened.ok(), await opened.text()).toBeTruthy();
    const ticketId = ((await opened.json()) as { data: { id: number } }).data.id;

    // The agent inserts the saved reply: the user's language, the placeholders filled; then edits it.
    await staff.goto(`/admin/tickets/details/${ticketId}`);
    await staff.getByTestId('saved-reply-picker').click();
    await staff.getByRole('option', { name: title }).click();
    const box = staff.getByTestId('reply-message');
    await expect(box).toHaveValue(new RegExp(`^${greeting} ${firstName}`));
    await expect(box).toHaveValue(new RegExp(`(#|رقم )${ticketId}(?!\\d)`));
    await expect(box).toHaveValue(/Demo Admin|Admin/);
    await expect(box).not.toHaveValue(/\{\{/);
    await expect(staff.getByTestId('saved-reply-inserted')).toBeVisible();
    const filled = await box.inputValue();
    const answer = `${filled} (${stamp})`;
    await box.fill(answer);
    await shotWithoutOverflow(staff, SHOTS, `ticket-saved-reply-${lang}-${width}`);
    await staff.getByTestId('reply-send').click();
    await expect(staff.getByTestId('ticket-reply').filter({ hasText: stamp })).toBeVisible();

    // The user sees the answer as written.
    await user.goto(`/my-ticket/details/${ticketId}`);
    // A cold user app on a shared machine: the first load may take longer than the default wait.
    await expect(user.getByTestId('ticket-reply').filter({ hasText: stamp })).toContainText(
      `${greeting} ${firstName}`,
      { timeout: 45_000 },
    );
    await shotWithoutOverflow(user, SHOTS, `user-ticket-${lang}-${width}`);

    // Answered, the ticket waits on the user: the "Waiting on user" view lists it, "My open tickets"
    // too (the demo admin is the department's assignee), "Breaching SLA" does not (its clock is paused).
    const subject = `Where is my campaign ${stamp}`;
    await staff.goto('/admin/tickets/list');
    await staff.getByTestId('ticket-view-waiting').click();
    await expect(staff).toHaveURL(/filter%5Bstatus_id%5D=5|filter\[status_id\]=5/);
    // Newest first: the ticket just answered is on the first page.
    await expect(staff.getByText(subject).first()).toBeVisible();
    await staff.getByTestId('ticket-view-breaching').click();
    await expect(staff.getByText(subject)).toHaveCount(0);
    await shotWithoutOverflow(staff, SHOTS, `ticket-views-${lang}-${width}`);

    await user.context().close();
    await staff.context().close();
  });
}
