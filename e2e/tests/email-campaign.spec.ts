import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { getAdminToken, lastMailId, readCode, signInAdmin, waitForMail } from './helpers';

/**
 * Issue 36: staff send a campaign to themselves as a test (the dev mailbox shows it, subject marked
 * [Test]), then schedule it at a time in a chosen zone, the confirmation naming the number of
 * recipients and the sender. English at 1366 px, Arabic at 390 px. Every attempt builds its own
 * sender, list and campaign (a random suffix), and waits only for mail newer than it started.
 */
const SHOTS = '/work/notes/shots/email-campaign';
const SLOW = Number(process.env.E2E_SLOW ?? 1);
mkdirSync(SHOTS, { recursive: true });
const STAFF = 'admin@demo.test';
const MJML = `<mjml><mj-body><mj-section><mj-column>
<mj-text>Hello {{first_name | "there"}}, news for {{artist_name}}!</mj-text>
<mj-text><a href="{{unsubscribe_url}}">Unsubscribe</a></mj-text>
</mj-column></mj-section></mj-body></mjml>`;

/** A verified sender, a template, a list of three leads and a draft campaign, through the API. */
async function draftCampaign(request: APIRequestContext, s: string) {
  const headers = { Authorization: `Bearer ${await getAdminToken(request)}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const domain = await post('/api/admin/crm/sender-domains', { domain: `mail-${s}.liberty.test` });
  await post(`/api/sandbox/dns/publish/${domain.id}`, {});
  await post(`/api/admin/crm/sender-domains/${domain.id}/check`, {});
  const senderEmail = `news@mail-${s}.liberty.test`;
  const sender = await post('/api/admin/crm/senders', { email: senderEmail, name: `Liberty ${s}` });
  const { code } = await readCode(request, senderEmail);
  await post(`/api/admin/crm/senders/${sender.id}/confirm`, { code });
  const template = await post('/api/admin/crm/templates', {
    name: `Release ${s}`,
    subject: `Release news ${s}`,
    mjml: MJML,
  });
  const csv = ['email,name', ...[1, 2, 3].map((i) => `fan${i}-${s}@example.com,Artist ${i}`)].join('\n');
  const imported = await post('/api/admin/crm/imports', {
    csv,
    mapping: { email: 'email', name: 'name' },
    list_name: `Fans ${s}`,
  });
  const campaign = await post('/api/admin/crm/campaigns', {
    name: `Release push ${s}`,
    list_id: imported.list_id,
    template_id: template.id,
    sender_id: sender.id,
  });
  return { id: campaign.id as number, senderEmail, sender: `Liberty ${s}` };
}

/** Tomorrow at 10:30 as a datetime-local value. */
function tomorrowAt1030(): string {
  const d = new Date(Date.now() + 24 * 3_600_000);
  return `${d.toISOString().slice(0, 10)}T10:30`;
}

async function pickZone(page: Page, zone: string) {
  await page.getByTestId('campaign-time-zone').click();
  await page.getByTestId('campaign-time-zone').fill(zone);
  await page.getByRole('option', { name: zone, exact: true }).click();
}

for (const run of [
  { lang: 'en' as const, width: 1366, height: 900, zone: 'Asia/Dubai' },
  { lang: 'ar' as const, width: 390, height: 844, zone: 'Europe/Istanbul' },
]) {
  test(`staff test-send a campaign to themselves, then schedule it in a chosen zone (${run.lang}, ${run.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000 * SLOW);
    const s = randomUUID().slice(0, 6);
    const campaign = await draftCampaign(request, s);
    await page.setViewportSize({ width: run.width, height: run.height });
    await signInAdmin(page, run.lang);
    await page.goto(`/admin/marketing-campaign/${campaign.id}`);
    // The first screen after the product starts loads its lazy chunks on a busy machine.
    await expect(page.getByTestId('campaign-page')).toBeVisible({ timeout: 60_000 * SLOW });
    if (run.lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // The test send: to the signed-in staff member only, marked [Test], from the campaign's sender.
    const since = await lastMailId(request, STAFF);
    await page.getByTestId('campaign-test-send').click();
    const { mail } = await waitForMail(request, STAFF, /news for/, since);
    expect(mail.subject).toBe(`[Test] Release news ${s}`);
    expect(mail.to).toContain(STAFF);
    for (const i of [1, 2, 3]) expect(await lastMailId(request, `fan${i}-${s}@example.com`)).toBe(0);
    if (run.lang === 'en') await expect(page.getByTestId('campaign-status')).toHaveText('Draft');

    // The schedule: tomorrow 10:30 in the chosen zone; the confirmation names count and sender.
    await page.getByTestId('campaign-schedule-at').fill(tomorrowAt1030());
    await pickZone(page, run.zone);
    await page.getByTestId('campaign-start').click();
    const confirm = page.getByTestId('campaign-send-confirm');
    await expect(confirm).toBeVisible();
    await expect(page.getByTestId('campaign-send-count')).toContainText(run.zone);
    await expect(page.getByTestId('campaign-send-sender')).toContainText(campaign.senderEmail);
    await expect(page.getByTestId('campaign-send-sender')).toContainText(campaign.sender);
    if (run.lang === 'en')
      await expect(page.getByTestId('campaign-send-count')).toContainText('3 recipients');
    else await expect(page.getByTestId('campaign-send-confirm-yes')).toContainText(/[3٣]/);
    await page.screenshot({ path: `${SHOTS}/confirm-${run.lang}.png` });
    await page.getByTestId('campaign-send-confirm-yes').click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('campaign-summary')).toContainText(run.zone);
    if (run.lang === 'en') await expect(page.getByTestId('campaign-status')).toHaveText('Scheduled');
    await expect(page.getByTestId('campaign-reschedule-open')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/scheduled-${run.lang}.png`, fullPage: true });
    const noOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
    );
    expect(noOverflow).toBe(true);

    // The API agrees: one instant, stored with its zone, and no recipient written to yet.
    const headers = { Authorization: `Bearer ${await getAdminToken(request)}` };
    const stored = (await (
      await request.get(`/api/admin/crm/campaigns/${campaign.id}`, { headers })
    ).json()) as { data: { status: string; schedule_time_zone: string; scheduled_at: string } };
    expect(stored.data.status).toBe('scheduled');
    expect(stored.data.schedule_time_zone).toBe(run.zone);
    const reading = new Intl.DateTimeFormat('en-GB', {
      timeZone: run.zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(stored.data.scheduled_at));
    expect(reading).toBe('10:30');
  });
}
