import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { AUDIT_MASK, auditChanges } from './audit.service';

let token: string;

const ctx = adminTestAppForFile((signedIn) => {
  ({ token } = signedIn);
});

const lastMeta = async (action: string, targetId: number) =>
  (
    await ctx.deps.database.pool.query<{ meta: Record<string, unknown> }>(
      'select meta from audit_logs where action = $1 and target_id = $2 order by id desc limit 1',
      [action, String(targetId)],
    )
  ).rows[0]?.meta;

describe('auditChanges', () => {
  it('keeps only changed fields with both values, snake_case, and masks secrets', () => {
    expect(
      auditChanges<Record<string, unknown>>(
        { firstName: 'Ana', countryCode: 'GB', passwordHash: 'old-hash', apiKey: null, same: 1 },
        { firstName: 'Nora', countryCode: 'GB', passwordHash: 'new-hash', apiKey: 'sk_live_1', same: 1 },
      ),
    ).toEqual({
      first_name: { from: 'Ana', to: 'Nora' },
      password_hash: { from: AUDIT_MASK, to: AUDIT_MASK },
      api_key: { from: null, to: AUDIT_MASK },
    });
    expect(auditChanges({ note: 'a' }, { note: 'b' }, { secret: ['note'] })).toEqual({
      note: { from: AUDIT_MASK, to: AUDIT_MASK },
    });
    expect(auditChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual({});
  });
});

describe('update entries record the values before and after', () => {
  it('a user edited in the back-office', async () => {
    const user = await ctx.makeUser({ firstName: 'Ana', lastName: 'Lopez' });
    const genreId = (await ctx.deps.database.pool.query<{ id: number }>('select min(id) id from genres'))
      .rows[0]!.id;
    const current = (await ctx.call('GET', `/api/admin/users/${user.id}`, { token })).json().data;
    const res = await ctx.call('PUT', `/api/admin/users/${user.id}`, {
      token,
      body: {
        name: 'Nora Lopez',
        email: current.email,
        user_type_id: current.user_type_id,
        tier_id: current.tier_id ?? null,
        genre_ids: [genreId],
        country_code: 'FR',
      },
    });
    expect(res.json().errors ?? {}).toEqual({});
    const meta = await lastMeta('users.update', user.id);
    expect(meta?.changes).toMatchObject({
      first_name: { from: 'Ana', to: 'Nora' },
      country_code: { from: current.country?.code ?? null, to: 'FR' },
    });
    expect(meta?.changes).toHaveProperty('genre_ids', { from: [], to: [genreId] });
    expect(meta?.changes).not.toHaveProperty('email');
  });

  it('a coin package', async () => {
    const created = await ctx.call('POST', '/api/admin/wallet/packages', {
      token,
      body: { name: 'Tiny', coins: 10, price: 199 },
    });
    const id = created.json().data.id as number;
    const res = await ctx.call('PUT', `/api/admin/wallet/packages/${id}`, {
      token,
      body: { name: 'Small', coins: 10, price: 150 },
    });
    expect(res.statusCode).toBe(200);
    expect((await lastMeta('wallet.package_update', id))?.changes).toEqual({
      name: { from: 'Tiny', to: 'Small' },
      price_minor: { from: 199, to: 150 },
    });
  });
});

describe('staff wording in the user modal', () => {
  it("a wrong link is explained as the user's page, not the admin's own", async () => {
    const user = await ctx.makeUser({ firstName: 'Lia', lastName: 'Moss' });
    const current = (await ctx.call('GET', `/api/admin/users/${user.id}`, { token })).json().data;
    const res = await ctx.call('PUT', `/api/admin/users/${user.id}`, {
      token,
      body: {
        name: 'Lia Moss',
        email: current.email,
        user_type_id: current.user_type_id,
        tier_id: current.tier_id ?? null,
        genre_ids: [1],
        spotify_link: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.spotify_link).toEqual([
      "Enter the link of the user's Spotify artist page, e.g. https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg",
    ]);
  });
});
