import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-app';
import { codeFrom, type TestContext } from '../../test/harness';
import { mailOutbox } from '../mail/mail.schema';
import type { Mailer } from '../mail/mail.service';
import { crmSenders, crmSends } from './crm.schema';
import { SAMPLE_MJML } from './crm.test-helpers';
import {
  cancelCampaign,
  pauseCampaign,
  processCampaignBatch,
  readSendToken,
  sendIdsOf,
  sendToken,
  signWebhook,
} from './crm-campaigns.service';
import { isSuppressed } from './crm-leads.service';

let ctx: TestContext;
let token: string;
let templateId: number;
let senderId: number;
let n = 0;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
  const domain = await ctx.call('POST', '/api/admin/crm/sender-domains', {
    token,
    body: { domain: 'news.liberty.test' },
  });
  await ctx.call('POST', `/api/sandbox/dns/publish/${domain.json().data.id}`);
  await ctx.call('POST', `/api/admin/crm/sender-domains/${domain.json().data.id}/check`, { token });
  const sender = await ctx.call('POST', '/api/admin/crm/senders', {
    token,
    body: { email: 'hello@news.liberty.test', name: 'Liberty News', rate_per_minute: 100000 },
  });
  senderId = sender.json().data.id;
  const code = codeFrom((await ctx.lastMail('hello@news.liberty.test'))?.text);
  await ctx.call('POST', `/api/admin/crm/senders/${senderId}/confirm`, { token, body: { code } });
  const template = await ctx.call('POST', '/api/admin/crm/templates', {
    token,
    body: { name: 'Campaign template', subject: 'News for {{artist_name}}', mjml: SAMPLE_MJML },
  });
  templateId = template.json().data.id;
});
afterAll(() => ctx.close());

/** A list of `count` fresh addresses (first names, French), and a draft campaign to it. */
async function campaignTo(count: number, extraCsvRows: string[] = []) {
  n += 1;
  const rows = Array.from({ length: count }, (_, i) => `c${n}-${i}@example.com,Artist ${n}-${i},Ann${i},fr`);
  const csv = ['email,name,first,lang', ...rows, ...extraCsvRows].join('\n');
  const imported = await ctx.call('POST', '/api/admin/crm/imports', {
    token,
    body: {
      csv,
      mapping: { email: 'email', name: 'name', first_name: 'first', language: 'lang' },
      list_name: `List ${n}`,
    },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const created = await ctx.call('POST', '/api/admin/crm/campaigns', {
    token,
    body: {
      name: `Campaign ${n}`,
      list_id: imported.json().data.list_id,
      template_id: templateId,
      sender_id: senderId,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
}

const start = (id: number) => ctx.call('POST', `/api/admin/crm/campaigns/${id}/start`, { token, body: {} });
const outboxTo = (email: string) =>
  ctx.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
async function runToEnd(id: number) {
  for (let i = 0; i < 50; i += 1) {
    // The sender's pace moves with the (manual) clock.
    ctx.clock.advance(1_000);
    const result = await processCampaignBatch(ctx.deps, id);
    if (result.done) return;
  }
  throw new Error('campaign did not finish');
}

describe('sending a campaign', () => {
  it('writes each recipient once with merge values, one-click unsubscribe headers, a pixel and signed links', async () => {
    const id = await campaignTo(3);
    const started = await start(id);
    expect(started.statusCode, started.body).toBe(200);
    // "Send now" is not a schedule: sending at once, no scheduled time to show.
    expect(started.json().data).toMatchObject({
      status: 'sending',
      scheduled_at: null,
      counts: { recipients: 3, pending: 3 },
    });
    await runToEnd(id);
    const [mail] = await outboxTo(`c${n}-1@example.com`);
    expect(mail).toMatchObject({
      subject: `News for Artist ${n}-1`,
      fromAddress: '"Liberty News" <hello@news.liberty.test>',
    });
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail!.headers!['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:\d+\/api\/crm\/u\/\d+\.[\w-]+>$/,
    );
    expect(mail!.html).toContain('Hello Ann1, news for Artist');
    expect(mail!.html).toMatch(/\/api\/crm\/o\/\d+\.[\w-]+\.gif/);
    expect(mail!.html).toContain('/api/crm/c/');
    expect(mail!.html).not.toContain('href="https://liberty.test/offer"');
    const detail = await ctx.call('GET', `/api/admin/crm/campaigns/${id}`, { token });
    expect(detail.json().data).toMatchObject({ status: 'sent', counts: { sent: 3, pending: 0 } });
    expect(detail.json().data.timeline[0].sent).toBe(3);
    // Started twice: refused, nothing sent again.
    expect((await start(id)).statusCode).toBe(409);
    expect(await outboxTo(`c${n}-1@example.com`)).toHaveLength(1);
  });

  it('keeps out an address suppressed after the campaign started (suppression always wins)', async () => {
    const id = await campaignTo(2);
    await start(id);
    await ctx.call('POST', '/api/admin/crm/suppressions', {
      token,
      body: { email: `c${n}-0@example.com`, reason: 'complaint' },
    });
    await runToEnd(id);
    expect(await outboxTo(`c${n}-0@example.com`)).toEqual([]);
    expect(await outboxTo(`c${n}-1@example.com`)).toHaveLength(1);
    const detail = await ctx.call('GET', `/api/admin/crm/campaigns/${id}`, { token });
    expect(detail.json().data.counts).toMatchObject({ sent: 1, skipped: 1 });
  });

  it('refuses a sender whose domain is not verified', async () => {
    const other = await ctx.call('POST', '/api/admin/crm/senders', {
      token,
      body: { email: 'x@unverified.test', name: 'X' },
    });
    const code = codeFrom((await ctx.lastMail('x@unverified.test'))?.text);
    await ctx.call('POST', `/api/admin/crm/senders/${other.json().data.id}/confirm`, {
      token,
      body: { code },
    });
    const id = await campaignTo(1);
    await ctx.deps.database.db.execute(
      sql`update crm_campaigns set sender_id = ${other.json().data.id} where id = ${id}`,
    );
    const res = await start(id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sender_id).toEqual(['The sender’s domain is not a verified sender ID']);
  });

  it('pauses and resumes, and keeps to the sender’s rate cap', async () => {
    await ctx.deps.database.db
      .update(crmSenders)
      .set({ ratePerMinute: 2, paceAt: null })
      .where(eq(crmSenders.id, senderId));
    try {
      const id = await campaignTo(5);
      await start(id);
      expect((await processCampaignBatch(ctx.deps, id)).sent).toBe(2);
      // The cap allows no more this minute.
      expect((await processCampaignBatch(ctx.deps, id)).sent).toBe(0);
      await ctx.call('POST', `/api/admin/crm/campaigns/${id}/pause`, { token });
      ctx.clock.advance(61_000);
      expect((await processCampaignBatch(ctx.deps, id)).sent).toBe(0);
      const resumed = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/resume`, { token });
      expect(resumed.json().data.status).toBe('sending');
      expect((await processCampaignBatch(ctx.deps, id)).sent).toBe(2);
    } finally {
      await ctx.deps.database.db
        .update(crmSenders)
        .set({ ratePerMinute: 100000, paceAt: null })
        .where(eq(crmSenders.id, senderId));
    }
  });
});

describe('before "Send now"', () => {
  it('tells how many it reaches and how many have no first name, and sends only the number confirmed', async () => {
    const id = await campaignTo(2, [`c${n + 1}-x@example.com,Artist x,,fr`]);
    const audience = await ctx.call('GET', `/api/admin/crm/campaigns/${id}/audience`, { token });
    expect(audience.statusCode, audience.body).toBe(200);
    // SAMPLE_MJML says "Hello {{first_name}}" without a fallback; every lead has an artist name.
    expect(audience.json().data).toEqual({
      recipients: 3,
      sender: { name: 'Liberty News', email: 'hello@news.liberty.test' },
      empty_tags: [{ tag: 'first_name', recipients: 1 }],
    });
    // The list changed since the confirmation (here: the number shown was another): nothing is sent.
    const stale = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/start`, {
      token,
      body: { recipients: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'The list changed since you confirmed: check the number of recipients and send again',
    );
    const draft = await ctx.call('GET', `/api/admin/crm/campaigns/${id}`, { token });
    expect(draft.json().data).toMatchObject({ status: 'draft', counts: { recipients: 0 } });
    const started = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/start`, {
      token,
      body: { recipients: 3 },
    });
    expect(started.statusCode, started.body).toBe(200);
  });

  it('warns of no tag when the template gives fallbacks', async () => {
    const template = await ctx.call('POST', '/api/admin/crm/templates', {
      token,
      body: {
        name: `With fallback ${n}`,
        subject: 'News',
        mjml: SAMPLE_MJML.replace('{{first_name}}', '{{first_name | "there"}}'),
      },
    });
    const id = await campaignTo(1, [`c${n + 1}-y@example.com,Artist y,,fr`]);
    await ctx.deps.database.pool.query('update crm_campaigns set template_id = $1 where id = $2', [
      template.json().data.id,
      id,
    ]);
    const audience = await ctx.call('GET', `/api/admin/crm/campaigns/${id}/audience`, { token });
    expect(audience.json().data).toEqual({
      recipients: 2,
      sender: { name: 'Liberty News', email: 'hello@news.liberty.test' },
      empty_tags: [],
    });
    expect((await start(id)).statusCode).toBe(200);
    await runToEnd(id);
    const [mail] = await outboxTo(`c${n}-y@example.com`);
    expect(mail!.html).toContain('Hello there, news for Artist y');
  });

  it('counts as delivered what the mail transport accepted', async () => {
    const id = await campaignTo(2);
    expect((await start(id)).statusCode).toBe(200);
    await runToEnd(id);
    const detail = await ctx.call('GET', `/api/admin/crm/campaigns/${id}`, { token });
    expect(detail.json().data.counts).toMatchObject({ sent: 2, delivered: 2, failed: 0 });
  });
});

describe('cancelling a campaign', () => {
  const actor = { type: 'admin' as const, id: null };

  it('cancels a scheduled or paused campaign for good, and refuses a draft, sending or sent one', async () => {
    const scheduled = await campaignTo(3);
    const at = new Date(ctx.clock.now().getTime() + 3_600_000).toISOString();
    const res = await ctx.call('POST', `/api/admin/crm/campaigns/${scheduled}/start`, {
      token,
      body: { scheduled_at: at },
    });
    expect(res.json().data.status).toBe('scheduled');
    const cancelled = await ctx.call('POST', `/api/admin/crm/campaigns/${scheduled}/cancel`, {
      token,
      headers: { 'x-lang': 'en' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', counts: { pending: 0, skipped: 3 } });
    // Its time comes: the queued batch sends nothing.
    ctx.clock.advance(2 * 3_600_000);
    expect(await processCampaignBatch(ctx.deps, scheduled)).toMatchObject({ sent: 0 });
    expect(await outboxTo(`c${n}-0@example.com`)).toEqual([]);
    const again = await ctx.call('POST', `/api/admin/crm/campaigns/${scheduled}/cancel`, {
      token,
      headers: { 'x-lang': 'en' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a scheduled or paused campaign can be cancelled');
    expect(
      (await ctx.call('POST', `/api/admin/crm/campaigns/${scheduled}/resume`, { token })).statusCode,
    ).toBe(409);
    const draft = await campaignTo(1);
    expect((await ctx.call('POST', `/api/admin/crm/campaigns/${draft}/cancel`, { token })).statusCode).toBe(
      409,
    );
    await start(draft);
    expect((await ctx.call('POST', `/api/admin/crm/campaigns/${draft}/cancel`, { token })).statusCode).toBe(
      409,
    );
  });

  it('stops a batch in the middle: nothing is claimed once the pause and cancel committed', async () => {
    const id = await campaignTo(30);
    await start(id);
    const real = ctx.deps.mail;
    let calls = 0;
    // Staff pause and cancel while the batch hands its second message to the transport.
    const cancelling: Mailer = {
      ...real,
      sendRaw: async (mail) => {
        calls += 1;
        if (calls === 2) {
          await pauseCampaign(ctx.deps, id, actor);
          await cancelCampaign(ctx.deps, id, actor);
        }
        return real.sendRaw(mail);
      },
    };
    const result = await processCampaignBatch({ ...ctx.deps, mail: cancelling }, id);
    expect(result.sent).toBe(2);
    expect(calls).toBe(2);
    const sends = await sendIdsOf(ctx.deps.database, id);
    expect(sends.filter((s) => s.status === 'sent')).toHaveLength(2);
    expect(sends.filter((s) => s.status === 'skipped' && s.error === 'cancelled')).toHaveLength(28);
  });

  it('never sends after the cancel commits, with batches running at the same time', async () => {
    const id = await campaignTo(60);
    await start(id);
    const batches = Array.from({ length: 4 }, () => processCampaignBatch(ctx.deps, id));
    await pauseCampaign(ctx.deps, id, actor);
    await cancelCampaign(ctx.deps, id, actor);
    // What was claimed (sending) or sent when the cancel committed: the only messages that may go.
    const atCancel = new Set(
      (await sendIdsOf(ctx.deps.database, id)).filter((s) => s.status !== 'skipped').map((s) => s.id),
    );
    await Promise.all(batches);
    for (let i = 0; i < 3; i += 1) {
      ctx.clock.advance(1_000);
      await Promise.all(Array.from({ length: 3 }, () => processCampaignBatch(ctx.deps, id)));
    }
    const sends = await sendIdsOf(ctx.deps.database, id);
    const sent = sends.filter((s) => s.status === 'sent');
    expect(sent.every((s) => atCancel.has(s.id))).toBe(true);
    expect(sends.filter((s) => s.status === 'pending')).toEqual([]);
    expect(sent.length + sends.filter((s) => s.error === 'cancelled').length).toBe(60);
    const outbox = await ctx.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where to_address like ${`c${n}-%`}`,
    );
    expect(outbox.rows[0]!.n).toBe(sent.length);
    const detail = await ctx.call('GET', `/api/admin/crm/campaigns/${id}`, { token });
    expect(detail.json().data.status).toBe('cancelled');
  });
});

describe('a send killed and resumed', () => {
  it('never writes twice to an address, even with batches running side by side after the kill', async () => {
    const id = await campaignTo(40);
    await start(id);
    // The first batch dies while sending its third message: the transport never answers.
    const real = ctx.deps.mail;
    let calls = 0;
    const dying: Mailer = {
      ...real,
      sendRaw: async (mail) => {
        calls += 1;
        if (calls === 3) return new Promise<number>(() => undefined);
        return real.sendRaw(mail);
      },
    };
    void processCampaignBatch({ ...ctx.deps, mail: dying }, id);
    await new Promise((r) => setTimeout(r, 500));
    // Resumed after the stale-claim delay, by five batches at once (a retried job and new ones).
    ctx.clock.advance(11 * 60_000);
    for (let round = 0; round < 10; round += 1) {
      ctx.clock.advance(1_000);
      const results = await Promise.all(Array.from({ length: 5 }, () => processCampaignBatch(ctx.deps, id)));
      if (results.some((r) => r.done)) break;
    }
    const sends = await sendIdsOf(ctx.deps.database, id);
    const perAddress = await ctx.deps.database.db.execute<{ to_address: string; n: number }>(sql`
      select to_address, count(*)::int as n from mail_outbox where to_address like ${`c${n}-%`} group by to_address`);
    expect(perAddress.rows.every((r) => r.n === 1)).toBe(true);
    // 2 sent before the kill, 1 cut mid-send (failed, not repeated), 37 after.
    expect(sends.filter((s) => s.status === 'sent')).toHaveLength(39);
    expect(sends.filter((s) => s.status === 'failed').map((s) => s.error)).toEqual(['interrupted']);
    expect(perAddress.rows).toHaveLength(39);
  });
});

describe('what recipients do, without a session', () => {
  it('unsubscribes by the one-click POST without cookies, and shows the GET page in the recipient’s language', async () => {
    const id = await campaignTo(1);
    await start(id);
    await runToEnd(id);
    const [send] = await sendIdsOf(ctx.deps.database, id);
    const unsubscribe = sendToken(ctx.deps.config.APP_KEY, send!.id, 'u');
    const page = await ctx.call('GET', `/api/crm/u/${unsubscribe}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('lang="fr"');
    expect(page.body).toContain(`Ne plus recevoir ces e-mails à c${n}-0@example.com ?`);
    // Looking at the page changes nothing.
    expect(await isSuppressed(ctx.deps.database, `c${n}-0@example.com`)).toBe(false);
    const post = await ctx.app.inject({
      method: 'POST',
      url: `/api/crm/u/${unsubscribe}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(await isSuppressed(ctx.deps.database, `c${n}-0@example.com`)).toBe(true);
    const detail = await ctx.call('GET', `/api/admin/crm/campaigns/${id}`, { token });
    expect(detail.json().data.counts.unsubscribed).toBe(1);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/crm/u/${send!.id}.AAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(forged.statusCode).toBe(404);
    expect(
      readSendToken(ctx.deps.config.APP_KEY, `${send!.id + 1}.${unsubscribe.split('.')[1]}`, 'u'),
    ).toBeNull();
  });

  it('counts opens by the pixel and clicks through signed redirects only', async () => {
    const id = await campaignTo(1);
    await start(id);
    await runToEnd(id);
    const [mail] = await outboxTo(`c${n}-0@example.com`);
    const pixel = /\/api\/crm\/o\/([\w.-]+)"/.exec(mail!.html!)![1]!;
    const gif = await ctx.app.inject({ method: 'GET', url: `/api/crm/o/${pixel}` });
    expect(gif.statusCode).toBe(200);
    expect(gif.headers['content-type']).toBe('image/gif');
    const link = /href="(http:\/\/[^"]+\/api\/crm\/c\/[^"]+)"/.exec(mail!.html!)![1]!.replace(/&amp;/g, '&');
    const path = link.slice(link.indexOf('/api/'));
    const click = await ctx.app.inject({ method: 'GET', url: path });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://liberty.test/offer');
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: path.replace(
        encodeURIComponent('https://liberty.test/offer'),
        encodeURIComponent('https://evil.test'),
      ),
    });
    expect(elsewhere.statusCode).toBe(404);
    const detail = await ctx.call('GET', `/api/admin/crm/campaigns/${id}`, { token });
    expect(detail.json().data.counts).toMatchObject({ opened: 1, clicked: 1 });
    // The artist's profile lists the campaign with the recipient's engagement.
    const [send] = await sendIdsOf(ctx.deps.database, id);
    const profile = await ctx.call('GET', `/api/admin/crm/artists/${send!.leadId}/campaigns`, { token });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data).toEqual([
      expect.objectContaining({
        id,
        name: `Campaign ${n}`,
        status: 'sent',
        sent_at: expect.any(String),
        opened_at: expect.any(String),
        clicked_at: expect.any(String),
        unsubscribed_at: null,
      }),
    ]);
  });

  it('refuses a forged or stale webhook, and applies a signed hard bounce once', async () => {
    const id = await campaignTo(1);
    await start(id);
    await runToEnd(id);
    const [send] = await sendIdsOf(ctx.deps.database, id);
    const body = JSON.stringify({ events: [{ type: 'bounce', bounce_type: 'hard', send_id: send!.id }] });
    const post = (signature: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/crm/webhooks/mail',
        headers: { 'content-type': 'application/json', 'x-lm-signature': signature },
        payload: body,
      });
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    expect((await post(signWebhook('wrong-secret-0123456789abcdef', body, now))).statusCode).toBe(400);
    expect((await post(signWebhook(ctx.deps.config.CRM_WEBHOOK_SECRET, body, now - 600))).statusCode).toBe(
      400,
    );
    expect((await post('')).statusCode).toBe(400);
    expect(await isSuppressed(ctx.deps.database, `c${n}-0@example.com`)).toBe(false);
    const ok = await post(signWebhook(ctx.deps.config.CRM_WEBHOOK_SECRET, body, now));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.applied).toBe(1);
    expect(await isSuppressed(ctx.deps.database, `c${n}-0@example.com`)).toBe(true);
    const replay = await post(signWebhook(ctx.deps.config.CRM_WEBHOOK_SECRET, body, now));
    expect(replay.json().data.applied).toBe(0);
    const [row] = await ctx.deps.database.db.select().from(crmSends).where(eq(crmSends.id, send!.id));
    expect(row?.bouncedAt).not.toBeNull();
  });
});
