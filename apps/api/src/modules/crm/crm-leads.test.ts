import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-app';
import { csvLines } from '../../test/csv';
import type { TestContext } from '../../test/harness';
import { auditLogs } from '../audit/audit.schema';
import { leadListMembers, leadSuppressions, leads } from '../leads/leads.schema';
import { suppressionHash } from '../leads/leads.service';
import { crmAddresses } from './crm.schema';
import { sendableAddresses } from './crm-leads.service';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
});
afterAll(() => ctx.close());

async function importCsv(body: Record<string, unknown>) {
  return ctx.call('POST', '/api/admin/crm/imports', { token, body });
}

const mapping = { email: 'E-mail', name: 'Artist', first_name: 'First', kind: 'Kind', language: 'Lang' };

describe('CSV import', () => {
  it('maps columns, imports the good rows and reports every refused row with its line and reason', async () => {
    await ctx.call('POST', '/api/admin/crm/suppressions', {
      token,
      body: { email: 'gone@example.com', reason: 'complaint' },
    });
    const csv = [
      'Artist;E-mail;First;Kind;Lang',
      'Nova;nova@example.com;Ann;artist;fr',
      'Nobody;;;artist;',
      'Broken;not-an-address;;artist;',
      'Nova again;NOVA@example.com;;artist;',
      'Odd;odd@example.com;;label;',
      'Gone;gone@example.com;;artist;',
      'Lingo;lingo@example.com;;curator;xx',
      'Curator Co;curator@example.com;Cid;curator;',
    ].join('\n');
    const res = await importCsv({ csv, mapping, list_name: 'Import one', consent: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ rows: 8, created: 2, updated: 0, added_to_list: 2, refused_count: 6 });
    expect(report.refused).toEqual([
      { line: 3, reason: 'missing_email', value: '' },
      { line: 4, reason: 'invalid_email', value: 'not-an-address' },
      { line: 5, reason: 'duplicate_in_file', value: 'NOVA@example.com' },
      { line: 6, reason: 'invalid_kind', value: 'label' },
      { line: 7, reason: 'suppressed', value: 'gone@example.com' },
      { line: 8, reason: 'invalid_language', value: 'xx' },
    ]);
    const [nova] = await ctx.deps.database.db.select().from(leads).where(eq(leads.email, 'nova@example.com'));
    expect(nova).toMatchObject({ kind: 'artist', name: 'Nova', origin: 'csv', spotifyId: null });
    const [address] = await ctx.deps.database.db
      .select()
      .from(crmAddresses)
      .where(eq(crmAddresses.email, 'nova@example.com'));
    expect(address).toMatchObject({
      consent: 'confirmed',
      firstName: 'Ann',
      language: 'fr',
      consentSource: 'import:Import one',
    });
    // Nothing of the refused rows was written.
    expect(await ctx.deps.database.db.select().from(leads).where(eq(leads.email, 'odd@example.com'))).toEqual(
      [],
    );
    const [audited] = await ctx.deps.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'crm.import'), eq(auditLogs.targetId, String(report.list_id))));
    expect(audited?.meta).toMatchObject({ rows: 8, created: 2, refused: 6 });

    // Imported again as unconfirmed: the same leads, updated, and the confirmation is not lowered.
    const again = await importCsv({ csv, mapping, list_id: report.list_id, consent: 'unconfirmed' });
    expect(again.json().data).toMatchObject({ created: 0, updated: 2, added_to_list: 0 });
    const [still] = await ctx.deps.database.db
      .select()
      .from(crmAddresses)
      .where(eq(crmAddresses.email, 'nova@example.com'));
    expect(still?.consent).toBe('confirmed');
  });

  it('refuses a file without the e-mail column mapped, a mapped column the file lacks, and a saved-filter list', async () => {
    const csv = 'a,b\nx,y\n';
    const noEmail = await importCsv({ csv, mapping: { name: 'a' }, list_name: 'X' });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().errors).toHaveProperty('mapping');
    const missing = await importCsv({ csv, mapping: { email: 'mail' }, list_name: 'X' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty(['mapping.email']);
    const filter = await ctx.call('POST', '/api/admin/crm/lists', {
      token,
      body: { type: 'filter', name: 'Smart one', filter: { kind: 'artist' } },
    });
    expect(filter.statusCode, filter.body).toBe(201);
    const intoFilter = await importCsv({ csv, mapping: { email: 'a' }, list_id: filter.json().data.id });
    expect(intoFilter.statusCode).toBe(409);
  });

  it('takes the first name from the first word of a "Name" column when asked', async () => {
    const imported = await ctx.call('POST', '/api/admin/crm/imports', {
      token,
      body: {
        csv: 'Name,Email\nAnn Smith,ann-first@example.com\n,nobody-first@example.com\n',
        mapping: { email: 'Email', name: 'Name' },
        list_name: 'People with one name column',
        first_name_from_name: true,
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const rows = await ctx.deps.database.pool.query(
      `select email, first_name from crm_addresses where email in ('ann-first@example.com', 'nobody-first@example.com') order by email`,
    );
    expect(rows.rows).toEqual([
      { email: 'ann-first@example.com', first_name: 'Ann' },
      { email: 'nobody-first@example.com', first_name: null },
    ]);
  });

  it('previews the columns and first rows of a file', async () => {
    const res = await ctx.call('POST', '/api/admin/crm/imports/preview', {
      token,
      body: { csv: '\uFEFFname,email\nA,a@example.com\nB,b@example.com\n' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      columns: ['name', 'email'],
      rows: [
        ['A', 'a@example.com'],
        ['B', 'b@example.com'],
      ],
      total: 2,
    });
  });
});

describe('suppression always wins', () => {
  it('keeps a suppressed or unsubscribed address out of every send, whatever its consent', async () => {
    const csv = 'email,name\nkeep@example.com,Keep\nbounce@example.com,Bounce\nleave@example.com,Leave\n';
    const res = await importCsv({
      csv,
      mapping: { email: 'email', name: 'name' },
      list_name: 'Win',
      consent: 'confirmed',
    });
    const listId = res.json().data.list_id;
    expect((await sendableAddresses(ctx.deps.database, listId)).map((a) => a.email)).toEqual([
      'bounce@example.com',
      'keep@example.com',
      'leave@example.com',
    ]);
    // A hard bounce suppresses a confirmed address; a staff unsubscribe does too.
    const bounce = await ctx.call('POST', '/api/admin/crm/suppressions', {
      token,
      body: { email: 'Bounce@Example.com', reason: 'hard_bounce' },
    });
    expect(bounce.statusCode, bounce.body).toBe(200);
    const leave = await ctx.call('PUT', '/api/admin/crm/addresses/consent', {
      token,
      body: { email: 'leave@example.com', consent: 'unsubscribed' },
    });
    expect(leave.statusCode, leave.body).toBe(200);
    expect((await sendableAddresses(ctx.deps.database, listId)).map((a) => a.email)).toEqual([
      'keep@example.com',
    ]);
    // Confirming a suppressed address is refused, and its row stays suppressed even if forced.
    const confirm = await ctx.call('PUT', '/api/admin/crm/addresses/consent', {
      token,
      body: { email: 'bounce@example.com', consent: 'confirmed' },
    });
    expect(confirm.statusCode).toBe(409);
    await ctx.deps.database.db
      .update(crmAddresses)
      .set({ consent: 'confirmed' })
      .where(eq(crmAddresses.email, 'bounce@example.com'));
    expect((await sendableAddresses(ctx.deps.database, listId)).map((a) => a.email)).toEqual([
      'keep@example.com',
    ]);
    const [row] = await ctx.deps.database.db
      .select()
      .from(leadSuppressions)
      .where(eq(leadSuppressions.valueHash, suppressionHash('email', 'bounce@example.com')));
    expect(row?.reason).toBe('hard_bounce');
    // The lookup answers whether an address is suppressed (only a hash is stored).
    const lookup = await ctx.call('GET', '/api/admin/crm/suppressions?email=bounce%40example.com', { token });
    expect(lookup.json().data.lookup).toEqual({
      email: 'bounce@example.com',
      suppressed: true,
      reason: 'hard_bounce',
    });
  });

  it('erasing a CSV lead (no Spotify id) suppresses its address and forgets its consent', async () => {
    const res = await importCsv({
      csv: 'email\nerase-me@example.com\n',
      mapping: { email: 'email' },
      list_name: 'Erase',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [lead] = await ctx.deps.database.db
      .select()
      .from(leads)
      .where(eq(leads.email, 'erase-me@example.com'));
    const erase = await ctx.call('POST', `/api/admin/scraping/leads/${lead!.id}/erase`, { token });
    expect(erase.statusCode, erase.body).toBe(200);
    expect(
      await ctx.deps.database.db
        .select()
        .from(crmAddresses)
        .where(eq(crmAddresses.email, 'erase-me@example.com')),
    ).toEqual([]);
    const again = await importCsv({
      csv: 'email\nerase-me@example.com\n',
      mapping: { email: 'email' },
      list_name: 'Erase',
    });
    expect(again.json().data.refused).toEqual([
      { line: 2, reason: 'suppressed', value: 'erase-me@example.com' },
    ]);
  });
});

describe('lists, artists and export', () => {
  it('lists a saved filter live, exports a list as CSV and shows an artist profile', async () => {
    const csv =
      'email,name,genres\nfilter-a@example.com,Filter A,techno|house\nfilter-b@example.com,=Filter B,jazz\n';
    const imported = await importCsv({
      csv,
      mapping: { email: 'email', name: 'name', genres: 'genres' },
      list_name: 'Genres',
    });
    const listId = imported.json().data.list_id;
    const smart = await ctx.call('POST', '/api/admin/crm/lists', {
      token,
      body: { type: 'filter', name: 'Techno fans', filter: { genre: 'Techno' } },
    });
    const smartId = smart.json().data.id;
    const members = await ctx.call('GET', `/api/admin/crm/lists/${smartId}/leads`, { token });
    expect(members.json().data.map((l: { name: string }) => l.name)).toEqual(['Filter A']);
    const lists = await ctx.call('GET', '/api/admin/crm/lists?q=Techno', { token });
    expect(lists.json().data[0]).toMatchObject({
      name: 'Techno fans',
      type: 'filter',
      leads: 1,
      addresses: 1,
    });

    const exported = await ctx.call('GET', `/api/admin/crm/lists/${listId}/export`, { token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = csvLines(exported.body);
    expect(lines[0]).toBe(
      'Kind,Name,E-mail,Consent,Suppressed,Spotify ID,Spotify link,Followers,Genres,Origin',
    );
    expect(lines).toContain('Artist,Filter A,filter-a@example.com,Unconfirmed,,,,,techno|house,CSV import');
    // A cell a spreadsheet would run as a formula is written as text.
    expect(exported.body).toContain("'=Filter B");
    expect(lines).toHaveLength(3);

    const artists = await ctx.call('GET', '/api/admin/crm/artists?q=Filter%20B', { token });
    expect(artists.json().data).toHaveLength(1);
    const artist = artists.json().data[0];
    expect(artist).toMatchObject({ name: '=Filter B', consent: 'unconfirmed', suppressed: false });
    const profile = await ctx.call('GET', `/api/admin/crm/artists/${artist.id}`, { token });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data).toMatchObject({ genres: ['jazz'], lists: [{ id: listId, name: 'Genres' }] });
    expect(profile.json().data.provenance.email.source).toBe('import:Genres');
  });

  it('brings registered artists in once, as artists of origin user', async () => {
    const artist = await ctx.makeUser({ userTypeId: 1, firstName: 'Reg', lastName: 'Istered' });
    await ctx.makeUser({ userTypeId: 2 });
    const first = await ctx.call('POST', '/api/admin/crm/artists/sync-users', { token });
    expect(first.statusCode, first.body).toBe(200);
    const second = await ctx.call('POST', '/api/admin/crm/artists/sync-users', { token });
    expect(second.json().data.created).toBe(0);
    const rows = await ctx.deps.database.db.select().from(leads).where(eq(leads.userId, artist.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'artist',
      origin: 'user',
      name: 'Reg Istered',
      email: artist.email.toLowerCase(),
    });
  });

  it('needs crm.leads.show to import, and the CRM screen permission to list', async () => {
    const viewer = await ctx.makeAdmin({ permissions: ['view.main.crm.leads.tab.list'] });
    const viewerToken = await ctx.loginAdmin(viewer.email);
    expect((await ctx.call('GET', '/api/admin/crm/lists', { token: viewerToken })).statusCode).toBe(200);
    const refused = await ctx.call('POST', '/api/admin/crm/imports', {
      token: viewerToken,
      body: { csv: 'email\na@example.com\n', mapping: { email: 'email' }, list_name: 'Nope' },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      await ctx.deps.database.db.select().from(leadListMembers).where(eq(leadListMembers.listId, -1)),
    ).toEqual([]);
  });
});
