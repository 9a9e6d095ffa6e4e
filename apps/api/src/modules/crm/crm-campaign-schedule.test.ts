import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-app';
import { codeFrom, type TestContext } from '../../test/harness';
import { auditLogs } from '../audit/audit.schema';
import { mailOutbox } from '../mail/mail.schema';
import { crmCampaigns, crmSends } from './crm.schema';
import { SAMPLE_MJML } from './crm.test-helpers';
import { processCampaignBatch, TEST_SENDS_PER_WINDOW } from './crm-campaigns.service';

/** Issue 36 items 1 and 2: the test send to oneself, schedules (time zone, move, take back) and sending once. */
let ctx: TestContext;
let token: string;
let adminEmail: string;
let adminId: number;
let templateId: number;
let senderId: number;
let n = 0;

beforeAll(async () => {
  let admin: { email: string; id: number };
  ({ ctx, token, admin } = await createAdminTestApp());
  adminEmail = admin.email;
  adminId = admin.id;
  const domain = await ctx.call('POST', '/api/admin/crm/sender-domains', {
    token,
    body: { domain: 'mail.schedule.test' },
  });
  await ctx.call('POST', `/api/sandbox/dns/publish/${domain.json().data.id}`);
  await ctx.call('POST', `/api/admin/crm/sender-domains/${domain.json().data.id}/check`, { token });
  const sender = await ctx.call('POST', '/api/admin/crm/senders', {
    token,
    body: { email: 'news@mail.schedule.test', name: 'Schedule News', rate_per_minute: 100000 },
  });
  senderId = sender.json().data.id;
  const code = codeFrom((await ctx.lastMail('news@mail.schedule.test'))?.text);
  await ctx.call('POST', `/api/admin/crm/senders/${senderId}/confirm`, { token, body: { code } });
  const template = await ctx.call('POST', '/api/admin/crm/templates', {
    token,
    body: { name: 'Schedule template', subject: 'News for {{artist_name}}', mjml: SAMPLE_MJML },
  });
  templateId = template.json().data.id;
});
afterAll(() => ctx.close());

/** A draft campaign to `count` fresh addresses. */
async function campaignTo(count: number) {
  n += 1;
  const rows = Array.from({ length: count }, (_, i) => `s${n}-${i}@example.com,Artist ${n}-${i}`);
  const imported = await ctx.call('POST', '/api/admin/crm/imports', {
    token,
    body: {
      csv: ['email,name', ...rows].join('\n'),
      mapping: { email: 'email', name: 'name' },
      list_name: `Schedule list ${n}`,
    },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const created = await ctx.call('POST', '/api/admin/crm/campaigns', {
    token,
    body: {
      name: `Schedule campaign ${n}`,
      list_id: imported.json().data.list_id,
      template_id: templateId,
      sender_id: senderId,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().data.id as number, emails: rows.map((r) => r.split(',')[0]!) };
}

const campaignRow = async (id: number) =>
  (await ctx.deps.database.db.select().from(crmCampaigns).where(eq(crmCampaigns.id, id)))[0]!;
const sendsOf = (id: number) =>
  ctx.deps.database.db.select().from(crmSends).where(eq(crmSends.campaignId, id));
/** How many outbox mails each address of `emails` received. */
async function mailsPerAddress(emails: string[]) {
  const rows = await ctx.deps.database.db
    .select({ to: mailOutbox.toAddress, n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.toAddress} in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    )
    .groupBy(mailOutbox.toAddress);
  return new Map(rows.map((r) => [r.to, r.n]));
}
const inHours = (hours: number) => new Date(ctx.clock.now().getTime() + hours * 3_600_000).toISOString();

describe('a test send (item 1)', () => {
  it('goes only to the signed-in staff member, written as recipients get it, and counts nothing', async () => {
    const { id, emails } = await campaignTo(3);
    const res = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/test`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.email).toBe(adminEmail);
    const [mail] = await ctx.deps.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, adminEmail))
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    expect(mail?.subject).toMatch(/^\[Test\] News for /);
    expect(mail?.fromAddress).toBe('"Schedule News" <news@mail.schedule.test>');
    expect(((mail?.headers ?? {}) as Record<string, string>)['List-Unsubscribe-Post']).toBe(
      'List-Unsubscribe=One-Click',
    );
    // No recipient of the list got anything, no message was recorded, the campaign is still a draft.
    expect((await mailsPerAddress(emails)).size).toBe(0);
    expect(await sendsOf(id)).toHaveLength(0);
    expect((await campaignRow(id)).status).toBe('draft');
    const audited = await ctx.deps.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'crm.campaign_test'), eq(auditLogs.targetId, String(id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actorId).toBe(adminId);
  });

  it('refuses a burst past the limit in the staff member’s language, sending no more than the limit', async () => {
    const { id } = await campaignTo(1);
    const before = await ctx.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'crm.campaign_test'), eq(auditLogs.actorId, adminId)));
    const already = before[0]!.n;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.call('POST', `/api/admin/crm/campaigns/${id}/test`, {
          token,
          headers: { 'accept-language': 'fr' },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(TEST_SENDS_PER_WINDOW - already);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(12 - ok);
    expect(refused[0]!.json().message).toContain('envois de test');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const tests = await ctx.deps.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, adminEmail), sql`${mailOutbox.subject} like '[Test]%'`));
    expect(tests).toHaveLength(TEST_SENDS_PER_WINDOW);
  });
});

describe('scheduling (item 2)', () => {
  it('refuses a time in the past or an unknown time zone, in the staff member’s language, changing nothing', async () => {
    const { id } = await campaignTo(2);
    const past = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/start`, {
      token,
      headers: { 'accept-language': 'de' },
      body: { scheduled_at: inHours(-1) },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.scheduled_at[0]).toBe('Wählen Sie einen Zeitpunkt in der Zukunft');
    const zone = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/start`, {
      token,
      body: { scheduled_at: inHours(1), time_zone: 'Mars/Olympus' },
    });
    expect(zone.statusCode).toBe(422);
    expect(zone.json().errors.time_zone[0]).toBe('Choose a time zone from the list');
    expect((await campaignRow(id)).status).toBe('draft');
    expect(await sendsOf(id)).toHaveLength(0);
  });

  it('keeps the instant and its time zone, moves it while not started, and sends at the new time only', async () => {
    const { id, emails } = await campaignTo(4);
    const at = inHours(2);
    const res = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/start`, {
      token,
      body: { scheduled_at: at, time_zone: 'Asia/Dubai', recipients: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'scheduled', schedule_time_zone: 'Asia/Dubai' });
    expect(new Date(res.json().data.scheduled_at).getTime()).toBe(new Date(at).getTime());

    const past = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/reschedule`, {
      token,
      body: { scheduled_at: inHours(-0.5) },
    });
    expect(past.statusCode).toBe(422);
    const later = inHours(5);
    const moved = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/reschedule`, {
      token,
      body: { scheduled_at: later, time_zone: 'Europe/Istanbul' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.schedule_time_zone).toBe('Europe/Istanbul');

    // The job of the first time fires: not due, nothing goes.
    ctx.clock.advance(3 * 3_600_000);
    const early = await processCampaignBatch(ctx.deps, id);
    expect(early.sent).toBe(0);
    expect((await campaignRow(id)).status).toBe('scheduled');
    expect((await mailsPerAddress(emails)).size).toBe(0);

    // The new time comes, and the job fires twice at once: each address gets one message.
    ctx.clock.advance(2 * 3_600_000 + 1_000);
    await Promise.all([processCampaignBatch(ctx.deps, id), processCampaignBatch(ctx.deps, id)]);
    for (let i = 0; i < 5 && (await campaignRow(id)).status !== 'sent'; i += 1) {
      ctx.clock.advance(1_000);
      await processCampaignBatch(ctx.deps, id);
    }
    expect((await campaignRow(id)).status).toBe('sent');
    const per = await mailsPerAddress(emails);
    expect(emails.map((e) => per.get(e))).toEqual([1, 1, 1, 1]);

    const again = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/reschedule`, {
      token,
      body: { scheduled_at: inHours(1) },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Only a scheduled campaign that has not started can be moved or taken back to draft',
    );
  });

  it('takes a schedule back to draft: the old job then sends nothing, and it can be sent again later', async () => {
    const { id, emails } = await campaignTo(3);
    await ctx.call('POST', `/api/admin/crm/campaigns/${id}/start`, {
      token,
      body: { scheduled_at: inHours(1), time_zone: 'UTC' },
    });
    const back = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/unschedule`, { token });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'draft', scheduled_at: null, schedule_time_zone: null });
    expect(await sendsOf(id)).toHaveLength(0);
    ctx.clock.advance(2 * 3_600_000);
    await processCampaignBatch(ctx.deps, id);
    expect((await mailsPerAddress(emails)).size).toBe(0);
    expect((await campaignRow(id)).status).toBe('draft');
    const twice = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/unschedule`, { token });
    expect(twice.statusCode).toBe(409);
  });

  it('sends a campaign once when many staff press "send now" at the same moment', async () => {
    const { id, emails } = await campaignTo(25);
    const results = await Promise.all(
      Array.from({ length: 16 }, () =>
        ctx.call('POST', `/api/admin/crm/campaigns/${id}/start`, { token, body: { recipients: 25 } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.statusCode).toBe(409);
    expect(await sendsOf(id)).toHaveLength(25);
    // Batch jobs fired many times side by side, as a retried or duplicated job would.
    for (let round = 0; round < 10 && (await campaignRow(id)).status !== 'sent'; round += 1) {
      ctx.clock.advance(1_000);
      await Promise.all(Array.from({ length: 6 }, () => processCampaignBatch(ctx.deps, id)));
    }
    expect((await campaignRow(id)).status).toBe('sent');
    const per = await mailsPerAddress(emails);
    expect(per.size).toBe(25);
    expect([...per.values()].every((count) => count === 1)).toBe(true);
  });
});
