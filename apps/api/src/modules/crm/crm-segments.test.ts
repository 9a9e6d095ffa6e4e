import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-app';
import { codeFrom, type TestContext } from '../../test/harness';
import { leadListMembers, leads } from '../leads/leads.schema';
import { mailOutbox } from '../mail/mail.schema';
import { crmSends } from './crm.schema';
import { SAMPLE_MJML } from './crm.test-helpers';
import { processCampaignBatch } from './crm-campaigns.service';

/** Issue 36 "E-mail campaigns": segments (genre, country, source, engaged) counted as they are queued. */
let ctx: TestContext;
let token: string;
let listId: number;
let templateId: number;
let senderId: number;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
  const domain = await ctx.call('POST', '/api/admin/crm/sender-domains', {
    token,
    body: { domain: 'mail.segments.test' },
  });
  await ctx.call('POST', `/api/sandbox/dns/publish/${domain.json().data.id}`);
  await ctx.call('POST', `/api/admin/crm/sender-domains/${domain.json().data.id}/check`, { token });
  const sender = await ctx.call('POST', '/api/admin/crm/senders', {
    token,
    body: { email: 'news@mail.segments.test', name: 'Segments News', rate_per_minute: 100000 },
  });
  senderId = sender.json().data.id;
  const code = codeFrom((await ctx.lastMail('news@mail.segments.test'))?.text);
  await ctx.call('POST', `/api/admin/crm/senders/${senderId}/confirm`, { token, body: { code } });
  const template = await ctx.call('POST', '/api/admin/crm/templates', {
    token,
    body: { name: 'Segments template', subject: 'News for {{artist_name}}', mjml: SAMPLE_MJML },
  });
  templateId = template.json().data.id;
  // The `country` column is read without being mapped; lower case is taken, an unknown code refused.
  const imported = await ctx.call('POST', '/api/admin/crm/imports', {
    token,
    body: {
      csv: [
        'email,name,genres,Country',
        'g0@example.com,A0,rock|indie,fr',
        'g1@example.com,A1,pop,FR',
        'g2@example.com,A2,Rock,DE',
        'g3@example.com,A3,rock,',
        'g4@example.com,A4,rock,FR',
        'g9@example.com,A9,rock,XX',
      ].join('\n'),
      mapping: { email: 'email', name: 'name', genres: 'genres' },
      list_name: 'Segments list',
    },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  expect(imported.json().data.refused).toEqual([
    expect.objectContaining({ reason: 'invalid_country', value: 'XX' }),
  ]);
  listId = imported.json().data.list_id;
  // A lead found by the scraping tool, in the same list.
  const [scraped] = await ctx.deps.database.db
    .insert(leads)
    .values({ kind: 'artist', name: 'A5', email: 'g5@example.com', genres: ['rock'], country: 'FR' })
    .returning({ id: leads.id });
  await ctx.deps.database.db.insert(leadListMembers).values({ listId, leadId: scraped!.id });
  // g4 unsubscribed: never counted nor queued.
  await ctx.call('POST', '/api/admin/crm/suppressions', {
    token,
    body: { email: 'g4@example.com', reason: 'unsubscribe' },
  });
});
afterAll(() => ctx.close());

const count = async (segment: Record<string, unknown>, lang = 'en') => {
  const res = await ctx.call('POST', '/api/admin/crm/segments/count', {
    token,
    body: { list_id: listId, segment },
    headers: { 'accept-language': lang },
  });
  return res;
};
const recipientsOf = async (segment: Record<string, unknown>) => {
  const res = await count(segment);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.recipients as number;
};

describe('campaign segments', () => {
  it('stores the imported country, ISO 3166-1 alpha-2 in upper case', async () => {
    const rows = await ctx.deps.database.db
      .select({ email: leads.email, country: leads.country })
      .from(leads)
      .where(eq(leads.origin, 'csv'));
    expect(Object.fromEntries(rows.map((r) => [r.email, r.country]))).toMatchObject({
      'g0@example.com': 'FR',
      'g1@example.com': 'FR',
      'g2@example.com': 'DE',
      'g3@example.com': null,
    });
  });

  it('narrows with each criterion, combined, never counting the unsubscribed', async () => {
    // A first campaign to the whole list, opened by g0 only: g0 is "engaged".
    const warm = await ctx.call('POST', '/api/admin/crm/campaigns', {
      token,
      body: { name: 'Warm-up', list_id: listId, template_id: templateId, sender_id: senderId },
    });
    const warmId = warm.json().data.id;
    expect(
      (await ctx.call('POST', `/api/admin/crm/campaigns/${warmId}/start`, { token, body: {} })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 20; i += 1) {
      ctx.clock.advance(1_000);
      if ((await processCampaignBatch(ctx.deps, warmId)).done) break;
    }
    const [mail] = await ctx.deps.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'g0@example.com'));
    const pixel = /\/api\/crm\/o\/([\w.-]+)"/.exec(mail!.html!)![1]!;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/crm/o/${pixel}` })).statusCode).toBe(200);

    expect(await recipientsOf({})).toBe(5);
    expect(await recipientsOf({ genres: ['ROCK'] })).toBe(4);
    expect(await recipientsOf({ genres: ['rock', 'pop'] })).toBe(5);
    expect(await recipientsOf({ countries: ['fr'] })).toBe(3);
    expect(await recipientsOf({ genres: ['rock'], countries: ['FR'] })).toBe(2);
    expect(await recipientsOf({ sources: ['scraping'] })).toBe(1);
    expect(await recipientsOf({ genres: ['rock'], countries: ['FR'], sources: ['csv'] })).toBe(1);
    expect(await recipientsOf({ engaged_days: 7 })).toBe(1);
    expect(await recipientsOf({ engaged_days: 7, countries: ['DE'] })).toBe(0);
    // The open moved 8 days back (advancing the clock would end the staff session).
    await ctx.deps.database.db
      .update(crmSends)
      .set({ openedAt: new Date(ctx.clock.now().getTime() - 8 * 86_400_000) })
      .where(eq(crmSends.email, 'g0@example.com'));
    expect(await recipientsOf({ engaged_days: 7 })).toBe(0);
    expect(await recipientsOf({ engaged_days: 30 })).toBe(1);
  });

  it('queues exactly the recipients it counted', async () => {
    const segment = { genres: ['rock'], countries: ['FR'] };
    const counted = await recipientsOf(segment);
    const created = await ctx.call('POST', '/api/admin/crm/campaigns', {
      token,
      body: {
        name: 'Rock in France',
        list_id: listId,
        template_id: templateId,
        sender_id: senderId,
        segment,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.segment).toEqual(segment);
    const audience = await ctx.call('GET', `/api/admin/crm/campaigns/${id}/audience`, { token });
    expect(audience.json().data.recipients).toBe(counted);
    const started = await ctx.call('POST', `/api/admin/crm/campaigns/${id}/start`, {
      token,
      body: { recipients: counted },
    });
    expect(started.statusCode, started.body).toBe(200);
    const queued = await ctx.deps.database.db.select().from(crmSends).where(eq(crmSends.campaignId, id));
    expect(queued.map((s) => s.email).sort()).toEqual(['g0@example.com', 'g5@example.com']);
    expect(queued).toHaveLength(counted);
  });

  it('refuses bad criteria with a translated 422 and counts nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ countries: ['XX'] }, 'code pays ISO 3166-1'],
      [{ countries: ['FRA'] }, 'code pays ISO 3166-1'],
      [{ sources: ['web'] }, 'Source inconnue'],
      [{ engaged_days: 0 }, 'nombre entier de jours'],
      [{ engaged_days: 2.5 }, 'nombre entier de jours'],
      [{ engaged_days: 4000 }, 'nombre entier de jours'],
    ];
    for (const [segment, message] of cases) {
      const res = await count(segment, 'fr');
      expect(res.statusCode, JSON.stringify(segment)).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const unknownList = await ctx.call('POST', '/api/admin/crm/segments/count', {
      token,
      body: { list_id: 999999, segment: {} },
    });
    expect(unknownList.statusCode).toBe(422);
    const bad = await ctx.call('POST', '/api/admin/crm/campaigns', {
      token,
      body: {
        name: 'Bad segment',
        list_id: listId,
        template_id: templateId,
        sender_id: senderId,
        segment: { countries: ['ZZ'] },
      },
    });
    expect(bad.statusCode).toBe(422);
  });
  it('offers the genres, countries and sources of the sendable addresses, each with its count', async () => {
    const res = await ctx.call('GET', `/api/admin/crm/lists/${listId}/segment-options`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const { genres, countries, sources } = res.json().data as {
      genres: { value: string; recipients: number }[];
      countries: { value: string; recipients: number }[];
      sources: { value: string; recipients: number }[];
    };
    // "rock" and "Rock" are one genre; g4 (unsubscribed, rock, FR) is never counted.
    expect(genres.map((g) => [g.value.toLowerCase(), g.recipients])).toEqual([
      ['rock', 4],
      ['indie', 1],
      ['pop', 1],
    ]);
    expect(countries).toEqual([
      { value: 'FR', recipients: 3 },
      { value: 'DE', recipients: 1 },
    ]);
    expect(sources).toEqual([
      { value: 'csv', recipients: 4 },
      { value: 'scraping', recipients: 1 },
    ]);
    // Each option's number is what the count answers for that one value.
    for (const g of genres) expect(await recipientsOf({ genres: [g.value] })).toBe(g.recipients);
    for (const c of countries) expect(await recipientsOf({ countries: [c.value] })).toBe(c.recipients);
    for (const o of sources) expect(await recipientsOf({ sources: [o.value] })).toBe(o.recipients);
  });

  it("answers 404 for a list that does not exist, in the reader's language", async () => {
    const res = await ctx.call('GET', '/api/admin/crm/lists/999999/segment-options', {
      token,
      headers: { 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Diese Lead-Liste gibt es nicht');
  });
});
