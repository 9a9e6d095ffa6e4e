import { ADMIN_SEARCH_LIMIT_PER_KIND } from '@lm/contracts/admin-search';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { adminTestAppForFile } from '../../test/admin-app';
import { codeFrom } from '../../test/harness';
import { pendingSpotifyRequest } from '../express/express.fixture';
import { seedExpressDemo } from '../express/express.seed';
import { credit, DESC } from '../wallet/ledger';

let token: string;
const ctx = adminTestAppForFile(
  (signedIn) => {
    ({ token } = signedIn);
  },
  { env: { LOG_LEVEL: 'error' } },
);
const db = () => ctx.deps.database;
const q1 = async <T>(text: string, values: unknown[] = []) =>
  (await db().pool.query(text, values)).rows[0] as T;

type Group = {
  kind: string;
  items: {
    id: number;
    title: string;
    subtitle: string | null;
    number: string | null;
    campaign_kind: string | null;
  }[];
};
type Answer = { q: string; kinds: string[]; groups: Group[] };

async function search(q: string, as = token): Promise<Answer> {
  const res = await ctx.call('GET', `/api/admin/search?q=${encodeURIComponent(q)}`, { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Answer;
}
const group = (a: Answer, kind: string) => a.groups.find((g) => g.kind === kind)?.items ?? [];
const staffWith = async (permissions: string[]) =>
  ctx.loginAdmin((await ctx.makeAdmin({ permissions })).email);

// One record of each kind, all carrying the word "Quillon" (or its number) so one query finds them all.
let artist: { id: number; email: string };
let campaignId: number;
let ticketId: number;
let payoutId: number;
let transaction: { number: string; entryId: number };

beforeAll(async () => {
  await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  await seedExpressDemo(db());
  const curator = await ctx.makeUser({ userTypeId: 2, firstName: 'Cora', lastName: 'Quillon' });
  const [playlist] = (await db().pool.query<{ id: number }>('select id from express_playlists order by id'))
    .rows;
  const request = await pendingSpotifyRequest(ctx, playlist!.id);
  campaignId = request.id;
  await db().pool.query(`update express_campaigns set track_name = 'Quillon Nights' where id = $1`, [
    campaignId,
  ]);
  await db().pool.query(`update users set first_name = 'Ada', last_name = 'Quillon' where id = $1`, [
    request.artistId,
  ]);
  artist = await q1('select id, email from users where id = $1', [request.artistId]);

  const department = await q1<{ id: number }>(
    `insert into tickets_departments (department_name) values ('Search desk') returning id`,
  );
  const created = await ctx.call('POST', '/api/tickets', {
    token: request.artistToken,
    body: {
      ticket_subject: 'Quillon payment question',
      initial_message: 'Where are my coins?',
      department_id: department.id,
      priority_id: 2,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  ticketId = created.json().data.id;

  // A payout request of the curator (earned coins, recipient, verified quote, transfer).
  await withTransaction(db(), (tx) =>
    credit(tx, {
      userId: curator.id,
      coins: 1000,
      descId: DESC.REFUND,
      idempotencyKey: `search-earned:${curator.id}`,
      from: 'platform_revenue',
      meta: { refund_type: 'test_earnings' },
    }),
  );
  const curatorToken = await ctx.loginUser(curator.email);
  const recipient = await ctx.call('POST', '/api/payments/transfer/info/store', {
    token: curatorToken,
    body: {
      currency: 'GBP',
      country: 'GB',
      type: 'sort_code',
      account_holder_name: 'Cora Quillon',
      details: { sortCode: '40-30-20', accountNumber: '12345678' },
    },
  });
  expect(recipient.statusCode, recipient.body).toBe(201);
  const quote = await ctx.call(
    'GET',
    `/api/payments/wise/create/quote/payouts?recipient_id=${recipient.json().data.id}&coins=600`,
    { token: curatorToken },
  );
  const quoteId = quote.json().data.id as string;
  await ctx.call('POST', '/api/payments/send/verification/code', {
    token: curatorToken,
    body: { quote_id: quoteId },
  });
  const code = codeFrom((await ctx.lastMail(curator.email))?.text);
  await ctx.call('POST', '/api/payments/verify/code', {
    token: curatorToken,
    body: { quote_id: quoteId, code },
  });
  const payout = await ctx.call('POST', '/api/payments/wise/create/transfer', {
    token: curatorToken,
    body: { quote_id: quoteId },
  });
  expect(payout.statusCode, payout.body).toBe(201);
  payoutId = payout.json().data.id;

  transaction = await q1(
    `select t.number, e.id as "entryId" from ledger_transfers t
       join ledger_entries e on e.transfer_id = t.id
       join ledger_accounts a on a.id = e.account_id and a.kind = 'user_wallet' and a.user_id = $1
      order by t.id desc limit 1`,
    [artist.id],
  );
});

describe('GET /api/admin/search', () => {
  it('finds users by name and e-mail, campaigns by track, tickets by subject, with the record page ids', async () => {
    const a = await search('quillon');
    expect(a.kinds).toEqual(['users', 'campaigns', 'tickets', 'payouts', 'transactions']);
    expect(group(a, 'users').map((u) => u.title)).toEqual(
      expect.arrayContaining(['Ada Quillon', 'Cora Quillon']),
    );
    expect(group(a, 'campaigns')).toEqual([
      {
        id: campaignId,
        title: 'Quillon Nights',
        subtitle: 'Ada Quillon',
        number: `#${campaignId}`,
        campaign_kind: 'spotify',
      },
    ]);
    expect(group(a, 'tickets')).toEqual([
      {
        id: ticketId,
        title: 'Quillon payment question',
        subtitle: 'Ada Quillon',
        number: `#${ticketId}`,
        campaign_kind: null,
      },
    ]);
    // A payout has no text to match: only its number finds it.
    expect(group(a, 'payouts')).toEqual([]);
    const byEmail = group(await search(artist.email.toUpperCase()), 'users');
    expect(byEmail.map((u) => [u.id, u.subtitle])).toEqual([[artist.id, artist.email]]);
  });

  it('finds a campaign, a ticket and a payout by number (with or without #) and a transaction by its number', async () => {
    expect(group(await search(`#${campaignId}`), 'campaigns')[0]?.id).toBe(campaignId);
    expect(group(await search(String(ticketId)), 'tickets')[0]?.id).toBe(ticketId);
    const payouts = group(await search(`#${payoutId}`), 'payouts');
    expect(payouts).toEqual([
      {
        id: payoutId,
        title: `#${payoutId}`,
        subtitle: 'Cora Quillon',
        number: `#${payoutId}`,
        campaign_kind: null,
      },
    ]);
    const tx = group(await search(transaction.number.slice(2, 10).toLowerCase()), 'transactions');
    expect(tx).toEqual([
      {
        id: transaction.entryId,
        title: transaction.number,
        subtitle: 'Ada Quillon',
        number: transaction.number,
        campaign_kind: null,
      },
    ]);
    // The id answered opens the transaction page.
    const view = await ctx.call('GET', `/api/admin/wallet/transactions/${transaction.entryId}`, { token });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.transactions_id).toBe(transaction.number);
  });

  it('searches only the kinds the staff member may open', async () => {
    const usersOnly = await search('quillon', await staffWith(['view.main.users.tab.list']));
    expect(usersOnly.kinds).toEqual(['users']);
    expect(usersOnly.groups.map((g) => g.kind)).toEqual(['users']);

    const ticketsOnly = await search('quillon', await staffWith(['tickets.show']));
    expect(ticketsOnly.kinds).toEqual(['tickets']);
    expect(ticketsOnly.groups.map((g) => g.kind)).toEqual(['tickets']);

    // The tickets list permission alone does not open a ticket, so it finds none.
    const listOnly = await search('quillon', await staffWith(['view.main.tickets.tab.list']));
    expect(listOnly).toEqual({ q: 'quillon', kinds: [], groups: [] });

    const custom = await search(String(campaignId), await staffWith(['custom.campaigns.show']));
    expect(custom.kinds).toEqual(['campaigns']);
    expect(group(custom, 'campaigns').some((c) => c.campaign_kind === 'spotify')).toBe(false);

    const money = await search(`#${payoutId}`, await staffWith(['INFLUENCER_VIEW_PAYOUT_PROFILE']));
    expect(money.kinds).toEqual(['payouts']);
    expect(group(money, 'payouts').map((p) => p.id)).toEqual([payoutId]);

    const wallet = await search(transaction.number, await staffWith(['main.wallet.show.all.transactions']));
    expect(wallet.kinds).toEqual(['transactions']);
    expect(group(wallet, 'transactions').map((p) => p.id)).toEqual([transaction.entryId]);

    const none = await search('quillon', await staffWith([]));
    expect(none).toEqual({ q: 'quillon', kinds: [], groups: [] });
  });

  it(`answers at most ${ADMIN_SEARCH_LIMIT_PER_KIND} records of a kind, the exact number first`, async () => {
    const made = [];
    for (let i = 0; i < ADMIN_SEARCH_LIMIT_PER_KIND + 3; i += 1) {
      made.push(await ctx.makeUser({ firstName: 'Zorba', lastName: `Many${i}` }));
    }
    const found = group(await search('zorba'), 'users');
    expect(found).toHaveLength(ADMIN_SEARCH_LIMIT_PER_KIND);
    // Newest first.
    expect(found.map((u) => u.id)).toEqual(
      made
        .map((u) => u.id)
        .reverse()
        .slice(0, ADMIN_SEARCH_LIMIT_PER_KIND),
    );
    expect(group(await search(String(made[0]!.id)), 'users')[0]?.id).toBe(made[0]!.id);
  });

  it('takes wildcards literally and leaves deleted users out', async () => {
    await ctx.makeUser({ firstName: 'Per%cent', lastName: 'Sign' });
    expect(group(await search('r%c'), 'users').map((u) => u.title)).toEqual(['Per%cent Sign']);
    expect(group(await search('r_c'), 'users')).toEqual([]);
    const gone = await ctx.makeUser({ firstName: 'Vanished', lastName: 'Person' });
    await db().pool.query('update users set deleted_at = now() where id = $1', [gone.id]);
    expect(group(await search('vanished'), 'users')).toEqual([]);
  });

  it('refuses a too short text or a too long query with a translated 422, and needs a staff session', async () => {
    const short = await ctx.call('GET', '/api/admin/search?q=a', { token });
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('Type at least 2 characters, or a number');
    const fr = await ctx.call('GET', '/api/admin/search?q=%20a%20', { token, headers: { 'x-lang': 'fr' } });
    expect(fr.statusCode).toBe(422);
    expect(fr.body).toContain('Saisissez au moins 2 caractères');
    expect((await ctx.call('GET', `/api/admin/search?q=${'x'.repeat(101)}`, { token })).statusCode).toBe(422);
    expect((await ctx.call('GET', '/api/admin/search', { token })).statusCode).toBe(422);
    expect((await ctx.call('GET', '/api/admin/search?q=7', { token })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/admin/search?q=quillon')).statusCode).toBe(401);
    const user = await ctx.loginUser(artist.email);
    // A user's token is no staff session.
    expect((await ctx.call('GET', '/api/admin/search?q=quillon', { token: user })).statusCode).toBe(401);
  });
});
