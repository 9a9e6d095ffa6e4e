import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-app';
import type { TestContext } from '../../test/harness';

// Issue 36 "Lists": the CRM artists list's CSV export is that list's own filter (same rows), behind
// the list's permission, audited `export.leads`, codes for kind, origin and consent, formulas neutralised.

let ctx: TestContext;
let token: string;
let nobody: string;
const sql = (text: string, values: unknown[] = []) => ctx.deps.database.pool.query(text, values);

function rowsOf(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { columns: true }) as Record<string, string>[];
}
const exportOf = (query: string, as = token, lang = 'en') =>
  ctx.call('GET', `/api/admin/crm/artists/export.csv?${query}`, { token: as, headers: { 'x-lang': lang } });
const listed = async (query: string) => {
  const res = await ctx.call('GET', `/api/admin/crm/artists?page=1&limit=100&${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((l) => String(l.id));
};
const audited = async () =>
  (await sql(`select meta from audit_logs where action = 'export.leads' order by id`)).rows as {
    meta: { filter: Record<string, unknown> };
  }[];

let ids: Record<string, number>;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
  nobody = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: ['view.main.tickets.tab.list'] })).email);
  const insert = async (
    kind: string,
    name: string,
    email: string | null,
    followers: number,
    genres: string[],
  ) =>
    (
      await sql(
        `insert into leads (kind, name, email, followers, genres, origin) values ($1, $2, $3, $4, $5, 'csv') returning id`,
        [kind, name, email, followers, genres],
      )
    ).rows[0].id as number;
  ids = {
    big: await insert('artist', '=Exportable Big', 'big@export.test', 50_000, ['Techno', 'House']),
    small: await insert('artist', 'Exportable Small', 'small@export.test', 200, ['Jazz']),
    curator: await insert('curator', 'Exportable Curator', 'cur@export.test', 90_000, ['Techno']),
  };
  await sql(
    `insert into crm_addresses (email, consent, consent_source) values ('big@export.test', 'confirmed', 'test')`,
  );
});
afterAll(() => ctx.close());

describe('CRM artists export', () => {
  it('has the artist leads of the list’s filters in its order, codes, formulas neutralised, audited', async () => {
    const query = 'q=exportable&filter[min_followers]=1000&order=followers:desc';
    const res = await exportOf(query);
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r['No.'])).toEqual(await listed(query));
    expect(rows).toEqual([
      expect.objectContaining({
        'No.': String(ids.big),
        'Kind (code)': 'artist',
        'Origin (code)': 'csv',
        Name: "'=Exportable Big",
        'E-mail': 'big@export.test',
        'Consent (code)': 'confirmed',
        'Suppressed (1 = yes)': '0',
        Followers: '50000',
        Genres: 'Techno, House',
      }),
    ]);
    // Without the followers floor both artists come, never the curator.
    const all = rowsOf((await exportOf('q=exportable&order=followers:asc')).body).map((r) => r['No.']);
    expect(all).toEqual([String(ids.small), String(ids.big)]);
    expect((await audited()).at(-2)?.meta.filter).toMatchObject({
      q: 'exportable',
      filter: { min_followers: 1000 },
      order: 'followers:desc',
    });
  });

  it('writes the headers in the reader’s language, refuses a bad filter and needs the list’s permission', async () => {
    const de = await exportOf('q=exportable', token, 'de');
    expect(Object.keys(rowsOf(de.body)[0]!)).toContain('Einwilligung (Code)');
    const before = (await audited()).length;
    expect((await exportOf('filter[consent]=maybe')).statusCode).toBe(422);
    expect((await exportOf('q=exportable', nobody)).statusCode).toBe(403);
    expect((await audited()).length).toBe(before);
  });
});
