import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-app';
import { codeFrom, type TestContext } from '../../test/harness';
import { mailOutbox } from '../mail/mail.schema';
import { SAMPLE_MJML } from './crm.test-helpers';
import { processCampaignBatch, sendIdsOf, sendToken, signWebhook } from './crm-campaigns.service';

/** Issue 36 "E-mail campaigns": each recipient's status, derived from the message, tracking and suppression. */
let ctx: TestContext;
let token: string;
let campaignId: number;
const emails = Array.from({ length: 7 }, (_, i) => `r-${i}@example.com`);

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
  const domain = await ctx.call('POST', '/api/admin/crm/sender-domains', {
    token,
    body: { domain: 'mail.recipients.test' },
  });
  await ctx.call('POST', `/api/sandbox/dns/publish/${domain.json().data.id}`);
  await ctx.call('POST', `/api/admin/crm/sender-domains/${domain.json().data.id}/check`, { token });
  const sender = await ctx.call('POST', '/api/admin/crm/senders', {
    token,
    body: { email: 'news@mail.recipients.test', name: 'Recipients News', rate_per_minute: 100000 },
  });
  const senderId = sender.json().data.id;
  const code = codeFrom((await ctx.lastMail('news@mail.recipients.test'))?.text);
  await ctx.call('POST', `/api/admin/crm/senders/${senderId}/confirm`, { token, body: { code } });
  const template = await ctx.call('POST', '/api/admin/crm/templates', {
    token,
    body: { name: 'Recipients template', subject: 'News for {{artist_name}}', mjml: SAMPLE_MJML },
  });
  const imported = await ctx.call('POST', '/api/admin/crm/imports', {
    token,
    body: {
      csv: ['email,name', ...emails.map((e, i) => `${e},Artist ${i}`)].join('\n'),
      mapping: { email: 'email', name: 'name' },
      list_name: 'Recipients list',
    },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const created = await ctx.call('POST', '/api/admin/crm/campaigns', {
    token,
    body: {
      name: 'Recipients campaign',
      list_id: imported.json().data.list_id,
      template_id: template.json().data.id,
      sender_id: senderId,
    },
  });
  campaignId = created.json().data.id;
});
afterAll(() => ctx.close());

const recipients = (query = '') =>
  ctx.call('GET', `/api/admin/crm/campaigns/${campaignId}/recipients?limit=100${query}`, { token });
const statusOf = async () =>
  Object.fromEntries(
    (await recipients()).json().data.map((r: { email: string; status: string }) => [r.email, r.status]),
  );
const html = async (email: string) =>
  (await ctx.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)))[0]!.html!;

describe('the recipients of a campaign', () => {
  it('shows each recipient queued, sent, opened, clicked, bounced, unsubscribed or not sent, the most advanced state winning', async () => {
    expect((await recipients()).json().data).toEqual([]);
    const started = await ctx.call('POST', `/api/admin/crm/campaigns/${campaignId}/start`, {
      token,
      body: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(Object.values(await statusOf())).toEqual(Array(7).fill('queued'));
    // Suppressed after the campaign was queued: skipped when their turn comes.
    for (const [email, reason] of [
      [emails[5], 'erasure'],
      [emails[6], 'unsubscribe'],
    ] as const) {
      const suppressed = await ctx.call('POST', '/api/admin/crm/suppressions', {
        token,
        body: { email, reason },
      });
      expect(suppressed.statusCode, suppressed.body).toBeLessThan(300);
    }
    for (let i = 0; i < 20; i += 1) {
      ctx.clock.advance(1_000);
      if ((await processCampaignBatch(ctx.deps, campaignId)).done) break;
    }
    expect(await statusOf()).toMatchObject({ [emails[0]!]: 'sent', [emails[5]!]: 'skipped' });
    // r-1 opens; r-2 and r-4 click (a click is an open too); r-3 bounces; r-4 then unsubscribes.
    const pixel = /\/api\/crm\/o\/([\w.-]+)"/.exec(await html(emails[1]!))![1]!;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/crm/o/${pixel}` })).statusCode).toBe(200);
    for (const email of [emails[2]!, emails[4]!]) {
      const link = /href="(http:\/\/[^"]+\/api\/crm\/c\/[^"]+)"/
        .exec(await html(email))![1]!
        .replace(/&amp;/g, '&');
      const click = await ctx.app.inject({ method: 'GET', url: link.slice(link.indexOf('/api/')) });
      expect(click.statusCode).toBe(302);
    }
    const sends = await sendIdsOf(ctx.deps.database, campaignId);
    const sendOf = (email: string) => sends.find((s) => s.email === email)!;
    const body = JSON.stringify({
      events: [{ type: 'bounce', bounce_type: 'hard', send_id: sendOf(emails[3]!).id }],
    });
    const bounce = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/webhooks/mail',
      headers: {
        'content-type': 'application/json',
        'x-lm-signature': signWebhook(
          ctx.deps.config.CRM_WEBHOOK_SECRET,
          body,
          Math.floor(ctx.clock.now().getTime() / 1000),
        ),
      },
      payload: body,
    });
    expect(bounce.json().data.applied).toBe(1);
    const unsubscribe = await ctx.app.inject({
      method: 'POST',
      url: `/api/crm/u/${sendToken(ctx.deps.config.APP_KEY, sendOf(emails[4]!).id, 'u')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.statusCode).toBe(200);

    expect(await statusOf()).toEqual({
      [emails[0]!]: 'sent',
      [emails[1]!]: 'opened',
      [emails[2]!]: 'clicked',
      [emails[3]!]: 'bounced',
      [emails[4]!]: 'unsubscribed',
      [emails[5]!]: 'skipped',
      [emails[6]!]: 'unsubscribed',
    });
    const all = (await recipients()).json();
    expect(all.pagination.total).toBe(7);
    expect(all.data.find((r: { email: string }) => r.email === emails[4]).unsubscribed_at).toEqual(
      expect.any(String),
    );
    expect(all.data.find((r: { email: string }) => r.email === emails[1]).name).toBe('Artist 1');
  });

  it('filters by one or several statuses and searches by address, paging the rest', async () => {
    const emailsOf = async (query: string) => {
      const res = await recipients(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: { email: string }) => r.email);
    };
    expect(await emailsOf('&filter[status]=unsubscribed')).toEqual([emails[4], emails[6]]);
    expect(await emailsOf('&filter[status]=opened')).toEqual([emails[1]]);
    expect(await emailsOf('&filter[status]=clicked,bounced')).toEqual([emails[2], emails[3]]);
    expect(await emailsOf('&filter[status]=unsubscribed&q=R-6')).toEqual([emails[6]]);
    expect(await emailsOf('&q=r-0@')).toEqual([emails[0]]);
    expect(await emailsOf('&order=email:desc&filter[status]=sent,opened')).toEqual([emails[1], emails[0]]);
    const page = await ctx.call('GET', `/api/admin/crm/campaigns/${campaignId}/recipients?limit=10&page=2`, {
      token,
    });
    expect(page.json()).toMatchObject({
      data: [],
      pagination: { total: 7, total_pages: 1, current_page: 2 },
    });
  });

  it('refuses an unknown status with a translated 422, and an unknown campaign with 404', async () => {
    const bad = await ctx.call(
      'GET',
      `/api/admin/crm/campaigns/${campaignId}/recipients?filter[status]=read`,
      {
        token,
        headers: { 'accept-language': 'fr' },
      },
    );
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('Statut de destinataire inconnu');
    const missing = await ctx.call('GET', `/api/admin/crm/campaigns/999999/recipients`, { token });
    expect(missing.statusCode).toBe(404);
  });
});
