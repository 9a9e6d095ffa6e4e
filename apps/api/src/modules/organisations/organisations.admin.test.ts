import { ACTING_FOR_HEADER } from '@lm/contracts/organisations';
import { describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../../db/schema';
import { adminTestAppForFile } from '../../test/admin-app';
import { csvLines } from '../../test/csv';
import { DEMO_LABEL_NAME, seedOrganisationsDemo } from './organisations.demo';
import {
  organisationArtists,
  organisationBudgets,
  organisationMemberArtists,
  organisationMembers,
  organisations,
} from './organisations.schema';

/**
 * The back-office's organisations (issue 35, staff side): the list's strict filters, sort and export,
 * the detail, corrections, suspension and reactivation (one change under concurrency), permissions,
 * and the user overview's organisations.
 */

let superToken: string;
const ctx = adminTestAppForFile((signedIn) => {
  superToken = signedIn.token;
});
const db = () => ctx.deps.database.db;

let seq = 0;
/** An organisation with an Owner, a limited Campaign manager, a roster and a wallet holding `coins`. */
async function makeOrganisation(
  options: { kind?: 'label' | 'management' | 'agency'; country?: string; coins?: number; name?: string } = {},
) {
  seq += 1;
  const tag = `${Date.now()}${seq}`;
  const owner = await ctx.makeUser({
    firstName: 'Olive',
    lastName: `Owner${tag}`,
    email: `owner${tag}@t.test`,
  });
  const manager = await ctx.makeUser({ firstName: 'Max', lastName: `Manager${tag}` });
  const artist = await ctx.makeUser({ firstName: 'Ari', lastName: 'Star', artistName: `Aurora ${tag}` });
  const invited = await ctx.makeUser({ firstName: 'Ina', lastName: 'Vited', artistName: `Invited ${tag}` });
  const [org] = await db()
    .insert(organisations)
    .values({
      kind: options.kind ?? 'label',
      name: options.name ?? `Org ${tag}`,
      billingName: `Org ${tag} Ltd`,
      billingAddress: '1 Test Street',
      billingCountry: options.country ?? 'GB',
      vatNumber: 'GB123456789',
      createdByUserId: owner.id,
    })
    .returning();
  const id = org!.id;
  await db().insert(organisationMembers).values({ organisationId: id, userId: owner.id, role: 'owner' });
  const [m] = await db()
    .insert(organisationMembers)
    .values({ organisationId: id, userId: manager.id, role: 'campaign_manager', allArtists: false })
    .returning();
  await db().insert(organisationMemberArtists).values({ memberId: m!.id, artistUserId: artist.id });
  await db()
    .insert(organisationArtists)
    .values([
      { organisationId: id, artistUserId: artist.id, status: 'active', joinedAt: new Date() },
      { organisationId: id, artistUserId: invited.id, status: 'invited' },
    ]);
  await db()
    .insert(ledgerAccounts)
    .values({ kind: 'organisation_wallet', organisationId: id, balance: options.coins ?? 0 });
  const [budgetAccount] = await db()
    .insert(ledgerAccounts)
    .values({ kind: 'organisation_budget', organisationId: id, balance: 40 })
    .returning();
  await db().insert(organisationBudgets).values({
    organisationId: id,
    artistUserId: artist.id,
    monthlyCoins: 50,
    ledgerAccountId: budgetAccount!.id,
  });
  return { id, tag, owner, manager, artist, invited };
}

const get = (url: string, token = superToken) => ctx.call('GET', url, { token });

describe('organisations list', () => {
  it('filters by kind, status and country, searches the name and the Owner, sorts and pages', async () => {
    const label = await makeOrganisation({ kind: 'label', country: 'GB', coins: 300 });
    const agency = await makeOrganisation({ kind: 'agency', country: 'FR', coins: 10 });
    const res = await get(`/api/admin/organisations?q=${label.tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().data;
    expect(res.json().data).toHaveLength(1);
    expect(row).toMatchObject({
      id: label.id,
      kind: 'label',
      country: 'GB',
      status: 'active',
      members: 2,
      active_artists: 1,
      wallet_balance: 300,
      owner: { id: label.owner.id, email: label.owner.email },
    });
    const byOwner = await get(`/api/admin/organisations?q=owner${agency.tag}`);
    expect(byOwner.json().data.map((r: { id: number }) => r.id)).toEqual([agency.id]);

    const agencies = await get('/api/admin/organisations?filter[kind]=agency&filter[country]=fr&limit=100');
    const ids = agencies.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(agency.id);
    expect(ids).not.toContain(label.id);
    expect(
      agencies
        .json()
        .data.every((r: { kind: string; country: string }) => r.kind === 'agency' && r.country === 'FR'),
    ).toBe(true);

    const richest = await get('/api/admin/organisations?order=wallet_balance:desc&limit=10');
    const balances = richest.json().data.map((r: { wallet_balance: number }) => r.wallet_balance);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    expect(richest.json().pagination).toMatchObject({ limit: 10, current_page: 1 });
  });

  it('answers 422 per bad filter field, translated, never ignoring it', async () => {
    const kind = await ctx.call('GET', '/api/admin/organisations?filter[kind]=band', {
      token: superToken,
      headers: { 'x-lang': 'fr' },
    });
    expect(kind.statusCode).toBe(422);
    expect(Object.keys(kind.json().errors)).toEqual(['filter[kind]']);
    expect(kind.json().message).toBe('Valeur invalide');
    const status = await get('/api/admin/organisations?filter[status]=closed');
    expect(status.statusCode).toBe(422);
    expect(Object.keys(status.json().errors)).toEqual(['filter[status]']);
    const country = await get('/api/admin/organisations?filter[country]=GBR');
    expect(country.statusCode).toBe(422);
    expect(country.json().errors['filter[country]']).toEqual(['Please choose a valid country']);
    const exported = await get('/api/admin/organisations/export.csv?filter[kind]=band');
    expect(exported.statusCode).toBe(422);
  });

  it('exports the filtered rows as CSV, audited', async () => {
    const org = await makeOrganisation({ coins: 77 });
    const res = await get(`/api/admin/organisations/export.csv?q=${org.tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Wallet (coins)');
    const cells = lines[1]!.split(',');
    expect(cells.slice(0, 5)).toEqual([String(org.id), `Org ${org.tag}`, 'label', 'GB', 'active']);
    expect(cells.slice(7, 10)).toEqual(['2', '1', '77']);
    const logged = await ctx.deps.database.pool.query(
      "select meta from audit_logs where action = 'export.organisations' order by id desc limit 1",
    );
    expect(logged.rows[0].meta.filter.q).toBe(org.tag);
  });
});

describe('organisation detail', () => {
  it('shows billing, team with limits, roster, wallet and budgets, and its audit entries', async () => {
    const org = await makeOrganisation({ coins: 120 });
    const res = await get(`/api/admin/organisations/${org.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      id: org.id,
      billing_country: 'GB',
      vat_number: 'GB123456789',
      wallet_balance: 120,
      budgets_balance: 40,
      created_by: { id: org.owner.id },
    });
    expect(d.team.map((m: { role: string }) => m.role)).toEqual(['owner', 'campaign_manager']);
    expect(d.team[1]).toMatchObject({ all_artists: false, artists: [{ user_id: org.artist.id }] });
    expect(d.roster.map((r: { status: string }) => r.status)).toEqual(['active', 'invited']);
    expect(d.budgets).toEqual([
      expect.objectContaining({ artist_user_id: org.artist.id, monthly_coins: 50, balance: 40 }),
    ]);
    expect(d.audit).toEqual([]);
    expect((await get('/api/admin/organisations/999999')).statusCode).toBe(404);
  });

  it('staff correct the name and billing details; the change is audited and shown on the detail', async () => {
    const org = await makeOrganisation();
    const body = {
      name: `Renamed ${org.tag}`,
      billing_name: 'Renamed Ltd',
      billing_address: '2 Other Road',
      billing_country: 'IE',
      vat_number: 'ie 123 4567 x',
    };
    const res = await ctx.call('PUT', `/api/admin/organisations/${org.id}`, { token: superToken, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: body.name,
      billing_country: 'IE',
      vat_number: 'IE1234567X',
    });
    expect(res.json().data.audit[0]).toMatchObject({ action: 'organisations.admin_update' });
    expect(res.json().data.audit[0].meta.changes.name).toEqual({ from: `Org ${org.tag}`, to: body.name });

    const badCountry = await ctx.call('PUT', `/api/admin/organisations/${org.id}`, {
      token: superToken,
      body: { ...body, name: 'Other', billing_country: 'ZZ' },
    });
    expect(badCountry.statusCode).toBe(422);
    expect(badCountry.json().errors.billing_country).toEqual(['Please choose a valid country']);
    const badVat = await ctx.call('PUT', `/api/admin/organisations/${org.id}`, {
      token: superToken,
      body: { ...body, name: 'Other', vat_number: '12' },
    });
    expect(badVat.statusCode).toBe(422);
    const after = await get(`/api/admin/organisations/${org.id}`);
    expect(after.json().data.name).toBe(body.name);
  });
});

describe('suspending and reactivating', () => {
  it('suspends once (a second suspend is 409), reactivates once, each audited with the note', async () => {
    const org = await makeOrganisation();
    const url = `/api/admin/organisations/${org.id}`;
    const first = await ctx.call('POST', `${url}/suspend`, {
      token: superToken,
      body: { note: 'Chargeback' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('suspended');
    const second = await ctx.call('POST', `${url}/suspend`, { token: superToken, body: { note: 'Again' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This organisation is already suspended');
    const noNote = await ctx.call('POST', `${url}/reactivate`, { token: superToken, body: { note: ' ' } });
    expect(noNote.statusCode).toBe(422);
    const back = await ctx.call('POST', `${url}/reactivate`, {
      token: superToken,
      body: { note: 'Resolved' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.status).toBe('active');
    expect(
      (await ctx.call('POST', `${url}/reactivate`, { token: superToken, body: { note: 'x' } })).statusCode,
    ).toBe(409);
    expect(
      back.json().data.audit.map((e: { action: string; meta: { note: string } }) => [e.action, e.meta.note]),
    ).toEqual([
      ['organisations.reactivate', 'Resolved'],
      ['organisations.suspend', 'Chargeback'],
    ]);
    const missing = await ctx.call('POST', '/api/admin/organisations/999999/suspend', {
      token: superToken,
      body: { note: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('gives one change and 409s when many staff suspend at once', async () => {
    const org = await makeOrganisation();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.call('POST', `/api/admin/organisations/${org.id}/suspend`, {
          token: superToken,
          body: { note: 'Race' },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(11);
    const logged = await ctx.deps.database.pool.query(
      "select count(*)::int as n from audit_logs where action = 'organisations.suspend' and target_id = $1",
      [String(org.id)],
    );
    expect(logged.rows[0].n).toBe(1);
  });
});

describe('permissions', () => {
  it('reading needs view.main.organisations.tab.list, changing needs organisations.edit', async () => {
    const org = await makeOrganisation();
    const none = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.users.tab.list'] })).email,
    );
    expect((await get('/api/admin/organisations', none)).statusCode).toBe(403);
    expect((await get(`/api/admin/organisations/${org.id}`, none)).statusCode).toBe(403);
    expect((await get('/api/admin/organisations/export.csv', none)).statusCode).toBe(403);
    const viewer = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.organisations.tab.list'] })).email,
    );
    expect((await get(`/api/admin/organisations/${org.id}`, viewer)).statusCode).toBe(200);
    const suspend = await ctx.call('POST', `/api/admin/organisations/${org.id}/suspend`, {
      token: viewer,
      body: { note: 'x' },
    });
    expect(suspend.statusCode).toBe(403);
    const put = await ctx.call('PUT', `/api/admin/organisations/${org.id}`, {
      token: viewer,
      body: { name: 'X', billing_name: 'X', billing_address: 'X', billing_country: 'GB' },
    });
    expect(put.statusCode).toBe(403);
    expect((await get(`/api/admin/organisations/${org.id}`)).json().data.status).toBe('active');
  });
});

describe('user overview', () => {
  it("lists a user's teams with the role, and the organisation acting for an artist", async () => {
    const org = await makeOrganisation();
    const manager = await get(`/api/admin/users/${org.manager.id}/organisations`);
    expect(manager.statusCode, manager.body).toBe(200);
    expect(manager.json().data).toEqual({
      memberships: [
        {
          organisation_id: org.id,
          name: `Org ${org.tag}`,
          kind: 'label',
          status: 'active',
          role: 'campaign_manager',
          all_artists: false,
        },
      ],
      acting_for: null,
    });
    const artist = await get(`/api/admin/users/${org.artist.id}/organisations`);
    expect(artist.json().data.memberships).toEqual([]);
    expect(artist.json().data.acting_for).toMatchObject({ organisation_id: org.id, managed: false });
    const invited = await get(`/api/admin/users/${org.invited.id}/organisations`);
    expect(invited.json().data.acting_for).toBeNull();
    expect((await get('/api/admin/users/999999/organisations')).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('seeds the demo label once: team with a limited Campaign manager, two managed artists, one invitation', async () => {
    await ctx.makeUser({ email: 'artist@demo.test', firstName: 'Ava', lastName: 'Artist' });
    await seedOrganisationsDemo(ctx.deps.database, 'Demo-pass-2026');
    await seedOrganisationsDemo(ctx.deps.database, 'Demo-pass-2026');
    const list = await get(`/api/admin/organisations?q=${encodeURIComponent(DEMO_LABEL_NAME)}`);
    expect(list.json().data).toHaveLength(1);
    const [row] = list.json().data;
    expect(row).toMatchObject({
      kind: 'label',
      country: 'GB',
      members: 3,
      active_artists: 2,
      wallet_balance: 0,
    });
    expect(row.owner.email).toBe('label@demo.test');
    const d = (await get(`/api/admin/organisations/${row.id}`)).json().data;
    expect(d.vat_number).toBe('GB123456789');
    expect(d.team.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['label@demo.test', 'owner'],
      ['manager@demo.test', 'campaign_manager'],
      ['finance@demo.test', 'finance'],
    ]);
    expect(d.team[1].artists).toHaveLength(1);
    expect(
      d.roster.map((r: { status: string; managed: boolean; email: string | null }) => [
        r.status,
        r.managed,
        r.email,
      ]),
    ).toEqual([
      ['active', true, null],
      ['active', true, null],
      ['invited', false, 'artist@demo.test'],
    ]);
    const login = await ctx.call('POST', '/api/user/login', {
      body: { email: 'label@demo.test', password: 'Demo-pass-2026' },
    });
    expect(login.statusCode, login.body).toBe(200);
    // The limited Campaign manager acts for the managed artist: the profile holds an artist's role, so
    // the artist's campaigns list answers (no role: 403 for every artist route).
    const manager = await ctx.call('POST', '/api/user/login', {
      body: { email: 'manager@demo.test', password: 'Demo-pass-2026' },
    });
    const managerToken = manager.json().data.token as string;
    const mine = (await ctx.call('GET', '/api/organisations', { token: managerToken })).json().data;
    const artistId = mine[0].artists[0].user_id as number;
    const campaigns = await ctx.call('GET', '/api/artist/my-campaigns', {
      token: managerToken,
      headers: { [ACTING_FOR_HEADER]: String(artistId) },
    });
    expect(campaigns.statusCode, campaigns.body).toBe(200);
  });
});
