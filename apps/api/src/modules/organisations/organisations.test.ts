import type { OrganisationRole } from '@lm/contracts/organisations';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/crypto';
import { type TestContext, testAppForFile } from '../../test/harness';
import { multipartFile, PNG } from '../../test/uploads';

/**
 * Organisations (issue 35): the organisation itself, its team and invitations, its roster and the
 * artist side, each role against each route (may: 2xx; may not: 403), a member of A reaching nothing
 * of B (404), and the rules that hold under concurrency (one invitation accepted by 20 requests at
 * once, one artist accepting two organisations at once, two Owners demoting each other). Real
 * PostgreSQL throughout.
 */

const ctx = testAppForFile();

type Person = { id: number; email: string; token: string };

async function person(c: TestContext, fields: Record<string, unknown> = {}): Promise<Person> {
  const user = await c.makeUser({ userTypeId: 1, ...fields });
  return { id: user.id, email: user.email, token: await c.loginUser(user.email) };
}

const rows = async (c: TestContext, text: string, params: unknown[] = []) =>
  (await c.deps.database.pool.query(text, params)).rows;

const ORG = {
  kind: 'label',
  name: 'Northern Lights',
  billing_name: 'Northern Lights Ltd',
  billing_address: '12 Harbour Street, Leeds',
  billing_country: 'GB',
  vat_number: 'gb 123 456 789',
};

async function createOrg(c: TestContext, owner: Person, name = ORG.name): Promise<number> {
  const res = await c.call('POST', '/api/organisations', { token: owner.token, body: { ...ORG, name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** A managed artist of the roster, made through the API by an Owner. */
async function managedArtist(c: TestContext, orgId: number, owner: Person, name = 'Luna Vale') {
  const res = await c.call('POST', `/api/organisations/${orgId}/artists/managed`, {
    token: owner.token,
    body: { artist_name: name, country_code: 'GB' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.artist_user_id as number;
}

/** A member with `role` (limited to `artists` when given), joined through an invitation link. */
async function member(
  c: TestContext,
  orgId: number,
  owner: Person,
  role: OrganisationRole,
  artists: number[] | null = null,
): Promise<Person & { memberId: number }> {
  const p = await person(c);
  const sent = await c.call('POST', `/api/organisations/${orgId}/invites`, {
    token: owner.token,
    body: { email: p.email, role, artist_user_ids: artists },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const token = tokenFromMail((await c.lastMail(p.email))?.text);
  const joined = await c.call('POST', `/api/organisation-invites/${token}/accept`, { token: p.token });
  expect(joined.statusCode, joined.body).toBe(200);
  return { ...p, memberId: joined.json().data.member_id };
}

function tokenFromMail(text: string | undefined): string {
  const match = /\/organisations\/join\/([A-Za-z0-9_-]{43})/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no invitation link in mail: ${text}`);
  return match[1];
}

describe('the organisation', () => {
  it('is created by a user who becomes its Owner, audited with the organisation', async () => {
    const owner = await person(ctx);
    const res = await ctx.call('POST', '/api/organisations', { token: owner.token, body: ORG });
    expect(res.statusCode, res.body).toBe(201);
    const org = res.json().data;
    expect(org).toMatchObject({
      kind: 'label',
      name: 'Northern Lights',
      status: 'active',
      billing_country: 'GB',
      vat_number: 'GB123456789',
      logo_url: null,
    });
    const mine = await ctx.call('GET', '/api/organisations', { token: owner.token });
    expect(mine.json().data).toEqual([
      expect.objectContaining({ id: org.id, role: 'owner', artist_user_ids: null, artists: [] }),
    ]);
    expect(mine.json().data[0].rules).toEqual([
      expect.objectContaining({ action: 'manage', conditions: { organisationId: org.id } }),
    ]);
    const [entry] = await rows(
      ctx,
      `select * from audit_logs where action = 'organisations.create' and target_id = $1`,
      [String(org.id)],
    );
    expect(entry).toMatchObject({ actor_type: 'user', actor_id: owner.id, organisation_id: org.id });
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const owner = await person(ctx);
    const before = await rows(ctx, 'select count(*)::int n from organisations');
    const res = await ctx.call('POST', '/api/organisations', {
      token: owner.token,
      body: { ...ORG, billing_country: 'gb', vat_number: '12' },
      headers: { 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['billing_country', 'vat_number']);
    expect(await rows(ctx, 'select count(*)::int n from organisations')).toEqual(before);
  });

  it('lets a user belong to several teams, each with its own role', async () => {
    const a = await person(ctx);
    const b = await person(ctx);
    const orgA = await createOrg(ctx, a, 'Label A');
    const orgB = await createOrg(ctx, b, 'Label B');
    const both = await member(ctx, orgA, a, 'viewer');
    const sent = await ctx.call('POST', `/api/organisations/${orgB}/invites`, {
      token: b.token,
      body: { email: both.email, role: 'finance', artist_user_ids: null },
    });
    expect(sent.statusCode).toBe(201);
    const token = tokenFromMail((await ctx.lastMail(both.email))?.text);
    expect(
      (await ctx.call('POST', `/api/organisation-invites/${token}/accept`, { token: both.token })).statusCode,
    ).toBe(200);
    const mine = (await ctx.call('GET', '/api/organisations', { token: both.token })).json().data;
    expect(mine.map((o: { id: number; role: string }) => [o.id, o.role])).toEqual([
      [orgA, 'viewer'],
      [orgB, 'finance'],
    ]);
  });

  it('stores a logo that is an image, refuses other files', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    const upload = (bytes: Buffer, name: string) => {
      const { body, headers } = multipartFile(name, bytes, 'image/png');
      return ctx.app.inject({
        method: 'POST',
        url: `/api/organisations/${orgId}/logo`,
        headers: { ...headers, authorization: `Bearer ${owner.token}` },
        payload: body,
      });
    };
    const bad = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'logo.png');
    expect(bad.statusCode).toBe(422);
    const good = await upload(PNG, 'logo.png');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.logo_url).toMatch(/\.png$/);
  });

  it('is deleted by its Owner only once no coins are left in it', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    const admin = await member(ctx, orgId, owner, 'admin');
    const [account] = await rows(
      ctx,
      `insert into ledger_accounts (kind, organisation_id, balance) values ('organisation_wallet', $1, 250) returning id`,
      [orgId],
    );
    expect((await ctx.call('DELETE', `/api/organisations/${orgId}`, { token: admin.token })).statusCode).toBe(
      403,
    );
    const refused = await ctx.call('DELETE', `/api/organisations/${orgId}`, { token: owner.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('250');
    await rows(ctx, 'update ledger_accounts set balance = 0 where id = $1', [account.id]);
    const done = await ctx.call('DELETE', `/api/organisations/${orgId}`, { token: owner.token });
    expect(done.statusCode, done.body).toBe(200);
    expect((await ctx.call('GET', `/api/organisations/${orgId}`, { token: owner.token })).statusCode).toBe(
      404,
    );
    expect((await ctx.call('GET', '/api/organisations', { token: admin.token })).json().data).toEqual([]);
  });

  it('is read-only while suspended by staff', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    await rows(ctx, `update organisations set status = 'suspended' where id = $1`, [orgId]);
    expect((await ctx.call('GET', `/api/organisations/${orgId}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    const put = await ctx.call('PUT', `/api/organisations/${orgId}`, {
      token: owner.token,
      body: { ...ORG, name: 'Renamed' },
    });
    expect(put.statusCode).toBe(403);
    const invite = await ctx.call('POST', `/api/organisations/${orgId}/invites`, {
      token: owner.token,
      body: { email: 'x@test.test', role: 'viewer', artist_user_ids: null },
    });
    expect(invite.statusCode).toBe(403);
  });
});

describe('each role against each organisation route', () => {
  const ROLES = ['owner', 'admin', 'campaign_manager', 'finance', 'viewer', 'limited_manager'] as const;
  type Who = (typeof ROLES)[number];

  /** One organisation with a member of every role, two managed artists, and the routes' targets. */
  async function world() {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner, `Roles ${owner.id}`);
    const artistA = await managedArtist(ctx, orgId, owner, 'Artist A');
    const artistB = await managedArtist(ctx, orgId, owner, 'Artist B');
    const people: Record<Who, Person & { memberId?: number }> = {
      owner,
      admin: await member(ctx, orgId, owner, 'admin'),
      campaign_manager: await member(ctx, orgId, owner, 'campaign_manager'),
      finance: await member(ctx, orgId, owner, 'finance'),
      viewer: await member(ctx, orgId, owner, 'viewer'),
      limited_manager: await member(ctx, orgId, owner, 'campaign_manager', [artistA]),
    };
    return { owner, orgId, artistA, artistB, people };
  }

  /**
   * Each route with the roles that may call it; `prepare` makes a fresh target for a call that changes
   * something, so each allowed call succeeds on its own.
   */
  type Call = { method: string; url: string; body?: unknown };
  type W = Awaited<ReturnType<typeof world>>;
  const routes: { name: string; may: Who[]; call: (w: W) => Promise<Call> }[] = [
    {
      name: 'read',
      may: [...ROLES],
      call: async (w) => ({ method: 'GET', url: `/api/organisations/${w.orgId}` }),
    },
    {
      name: 'update the profile',
      may: ['owner', 'admin'],
      call: async (w) => ({
        method: 'PUT',
        url: `/api/organisations/${w.orgId}`,
        body: { ...ORG, name: `Renamed ${Math.random()}` },
      }),
    },
    {
      name: 'update billing details',
      may: ['owner', 'finance'],
      call: async (w) => ({
        method: 'PUT',
        url: `/api/organisations/${w.orgId}`,
        body: { ...(await currentInput(w)), billing_address: `Street ${Math.random()}` },
      }),
    },
    {
      name: 'members',
      may: [...ROLES],
      call: async (w) => ({ method: 'GET', url: `/api/organisations/${w.orgId}/members` }),
    },
    {
      name: 'change a member',
      may: ['owner', 'admin'],
      call: async (w) => {
        const target = await member(ctx, w.orgId, w.owner, 'viewer');
        return {
          method: 'PUT',
          url: `/api/organisations/${w.orgId}/members/${target.memberId}`,
          body: { role: 'finance', artist_user_ids: [w.artistA] },
        };
      },
    },
    {
      name: 'remove a member',
      may: ['owner', 'admin'],
      call: async (w) => {
        const target = await member(ctx, w.orgId, w.owner, 'viewer');
        return { method: 'DELETE', url: `/api/organisations/${w.orgId}/members/${target.memberId}` };
      },
    },
    {
      name: 'invitations',
      may: [...ROLES],
      call: async (w) => ({ method: 'GET', url: `/api/organisations/${w.orgId}/invites` }),
    },
    {
      name: 'invite',
      may: ['owner', 'admin'],
      call: async (w) => ({
        method: 'POST',
        url: `/api/organisations/${w.orgId}/invites`,
        body: {
          email: `new-${Math.random().toString(36).slice(2)}@test.test`,
          role: 'viewer',
          artist_user_ids: null,
        },
      }),
    },
    {
      name: 'revoke an invitation',
      may: ['owner', 'admin'],
      call: async (w) => {
        const sent = await ctx.call('POST', `/api/organisations/${w.orgId}/invites`, {
          token: w.owner.token,
          body: {
            email: `rev-${Math.random().toString(36).slice(2)}@test.test`,
            role: 'viewer',
            artist_user_ids: null,
          },
        });
        return { method: 'DELETE', url: `/api/organisations/${w.orgId}/invites/${sent.json().data.id}` };
      },
    },
    {
      name: 'roster',
      may: [...ROLES],
      call: async (w) => ({ method: 'GET', url: `/api/organisations/${w.orgId}/artists` }),
    },
    {
      name: 'create a managed artist',
      may: ['owner', 'admin'],
      call: async (w) => ({
        method: 'POST',
        url: `/api/organisations/${w.orgId}/artists/managed`,
        body: { artist_name: 'New artist' },
      }),
    },
    {
      name: 'invite an artist',
      may: ['owner', 'admin'],
      call: async (w) => {
        const artist = await person(ctx);
        return {
          method: 'POST',
          url: `/api/organisations/${w.orgId}/artists/invite`,
          body: { email: artist.email },
        };
      },
    },
    {
      name: 'take an artist off',
      may: ['owner', 'admin'],
      call: async (w) => {
        const artist = await managedArtist(ctx, w.orgId, w.owner, 'Short stay');
        return { method: 'DELETE', url: `/api/organisations/${w.orgId}/artists/${artist}` };
      },
    },
    {
      name: 'upload a logo',
      may: ['owner', 'admin'],
      call: async (w) => ({ method: 'LOGO', url: `/api/organisations/${w.orgId}/logo` }),
    },
    {
      name: 'delete',
      may: ['owner'],
      call: async (w) => ({ method: 'DELETE', url: `/api/organisations/${w.orgId}` }),
    },
  ];

  async function currentInput(w: W) {
    const org = (await ctx.call('GET', `/api/organisations/${w.orgId}`, { token: w.owner.token })).json()
      .data;
    return {
      kind: org.kind,
      name: org.name,
      billing_name: org.billing_name,
      billing_address: org.billing_address,
      billing_country: org.billing_country,
      vat_number: org.vat_number,
    };
  }

  async function send(c: Call, token: string) {
    if (c.method === 'LOGO') {
      const { body, headers } = multipartFile('logo.png', PNG, 'image/png');
      return ctx.app.inject({
        method: 'POST',
        url: c.url,
        headers: { ...headers, authorization: `Bearer ${token}` },
        payload: body,
      });
    }
    return ctx.call(c.method, c.url, { token, body: c.body });
  }

  it('answers 2xx to the roles that may and 403 to the others', async () => {
    const w = await world();
    const results: string[] = [];
    // Deleting last: it ends the organisation for every other route.
    for (const route of routes) {
      const order = [...ROLES].sort((x, y) => Number(route.may.includes(x)) - Number(route.may.includes(y)));
      for (const who of order) {
        const call = await route.call(w);
        const res = await send(call, w.people[who].token);
        const allowed = route.may.includes(who);
        const ok = allowed ? res.statusCode >= 200 && res.statusCode < 300 : res.statusCode === 403;
        if (!ok) results.push(`${route.name} as ${who}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(results).toEqual([]);
  });

  it('shows an artist-limited role only its artists, and lets it give no wider access', async () => {
    const w = await world();
    const limited = w.people.limited_manager;
    const roster = (
      await ctx.call('GET', `/api/organisations/${w.orgId}/artists`, { token: limited.token })
    ).json().data;
    expect(roster.map((r: { artist_user_id: number }) => r.artist_user_id)).toEqual([w.artistA]);
    const mine = (await ctx.call('GET', '/api/organisations', { token: limited.token })).json().data;
    expect(mine[0].artists.map((a: { user_id: number }) => a.user_id)).toEqual([w.artistA]);
    expect(mine[0].artist_user_ids).toEqual([w.artistA]);
    const full = (
      await ctx.call('GET', `/api/organisations/${w.orgId}/artists`, { token: w.owner.token })
    ).json().data;
    expect(full.map((r: { artist_user_id: number }) => r.artist_user_id).sort()).toEqual(
      [w.artistA, w.artistB].sort(),
    );
  });

  it('hides the billing details from roles without Billing', async () => {
    const w = await world();
    const read = async (who: Who) =>
      (await ctx.call('GET', `/api/organisations/${w.orgId}`, { token: w.people[who].token })).json().data
        .billing_name;
    expect(await read('owner')).toBe(ORG.billing_name);
    expect(await read('finance')).toBe(ORG.billing_name);
    expect(await read('admin')).toBeNull();
    expect(await read('viewer')).toBeNull();
  });

  it('lets a member of A reach nothing of B (404)', async () => {
    const a = await world();
    const b = await world();
    const outsider = a.people.owner;
    const failures: string[] = [];
    for (const route of routes) {
      const res = await send(await route.call(b), outsider.token);
      if (res.statusCode !== 404) failures.push(`${route.name}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the team', () => {
  it('never loses its last Owner, and only an Owner makes Owners', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    const [self] = await rows(ctx, 'select id from organisation_members where organisation_id = $1', [orgId]);
    const demote = await ctx.call('PUT', `/api/organisations/${orgId}/members/${self.id}`, {
      token: owner.token,
      body: { role: 'admin', artist_user_ids: null },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBeTruthy();
    expect(
      (await ctx.call('DELETE', `/api/organisations/${orgId}/members/${self.id}`, { token: owner.token }))
        .statusCode,
    ).toBe(409);
    const admin = await member(ctx, orgId, owner, 'admin');
    const viewer = await member(ctx, orgId, owner, 'viewer');
    const promote = await ctx.call('PUT', `/api/organisations/${orgId}/members/${viewer.memberId}`, {
      token: admin.token,
      body: { role: 'owner', artist_user_ids: null },
    });
    expect(promote.statusCode).toBe(403);
    const ownerInvite = await ctx.call('POST', `/api/organisations/${orgId}/invites`, {
      token: admin.token,
      body: { email: 'future-owner@test.test', role: 'owner', artist_user_ids: null },
    });
    expect(ownerInvite.statusCode).toBe(403);
    expect(
      (await ctx.call('DELETE', `/api/organisations/${orgId}/members/${self.id}`, { token: admin.token }))
        .statusCode,
    ).toBe(403);
    // A member leaves on their own.
    const left = await ctx.call('DELETE', `/api/organisations/${orgId}/members/${viewer.memberId}`, {
      token: viewer.token,
    });
    expect(left.statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/organisations/${orgId}`, { token: viewer.token })).statusCode).toBe(
      404,
    );
  });

  it('leaves one Owner when two Owners demote each other at once', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    const second = await member(ctx, orgId, owner, 'owner');
    const [first] = await rows(
      ctx,
      'select id from organisation_members where organisation_id = $1 and user_id = $2',
      [orgId, owner.id],
    );
    for (let round = 0; round < 3; round += 1) {
      const [x, y] = await Promise.all([
        ctx.call('PUT', `/api/organisations/${orgId}/members/${second.memberId}`, {
          token: owner.token,
          body: { role: 'admin', artist_user_ids: null },
        }),
        ctx.call('PUT', `/api/organisations/${orgId}/members/${first.id}`, {
          token: second.token,
          body: { role: 'admin', artist_user_ids: null },
        }),
      ]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 403]);
      const owners = await rows(
        ctx,
        `select user_id from organisation_members where organisation_id = $1 and role = 'owner'`,
        [orgId],
      );
      expect(owners).toHaveLength(1);
      // Make both Owners again for the next round.
      const remaining = owners[0].user_id === owner.id ? owner : second;
      const other = remaining === owner ? second.memberId : first.id;
      const back = await ctx.call('PUT', `/api/organisations/${orgId}/members/${other}`, {
        token: remaining.token,
        body: { role: 'owner', artist_user_ids: null },
      });
      expect(back.statusCode, back.body).toBe(200);
    }
  });

  it('invites by a single-use link mailed in the invitee’s language, replaced on re-invite, revocable', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner, 'Maison Bleue');
    const invitee = await person(ctx, { language: 'fr' });
    const invite = () =>
      ctx.call('POST', `/api/organisations/${orgId}/invites`, {
        token: owner.token,
        body: { email: invitee.email.toUpperCase(), role: 'finance', artist_user_ids: null },
      });
    expect((await invite()).statusCode).toBe(201);
    const mail = await ctx.lastMail(invitee.email);
    expect(mail?.subject).toContain('Maison Bleue');
    expect(mail?.text).toContain('Finance');
    expect(mail?.text).toMatch(/valable/);
    const first = tokenFromMail(mail?.text);
    const [stored] = await rows(
      ctx,
      'select token_hash from organisation_invites where organisation_id = $1',
      [orgId],
    );
    expect(stored.token_hash).toBe(sha256(first));
    expect(JSON.stringify(stored)).not.toContain(first);

    const preview = await ctx.call('GET', `/api/organisation-invites/${first}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      organisation_name: 'Maison Bleue',
      role: 'finance',
      email: invitee.email,
    });

    expect((await invite()).statusCode).toBe(201);
    const second = tokenFromMail((await ctx.lastMail(invitee.email))?.text);
    expect(second).not.toBe(first);
    expect((await ctx.call('GET', `/api/organisation-invites/${first}`)).statusCode).toBe(410);

    const stranger = await person(ctx);
    const wrong = await ctx.call('POST', `/api/organisation-invites/${second}/accept`, {
      token: stranger.token,
    });
    expect(wrong.statusCode).toBe(403);

    const list = (await ctx.call('GET', `/api/organisations/${orgId}/invites`, { token: owner.token })).json()
      .data;
    expect(list.map((i: { status: string }) => i.status)).toEqual(['pending', 'revoked']);
    expect(JSON.stringify(list)).not.toContain(second);
    const revoke = await ctx.call('DELETE', `/api/organisations/${orgId}/invites/${list[0].id}`, {
      token: owner.token,
    });
    expect(revoke.statusCode).toBe(200);
    expect(
      (await ctx.call('POST', `/api/organisation-invites/${second}/accept`, { token: invitee.token }))
        .statusCode,
    ).toBe(410);
    expect(
      (await ctx.call('GET', '/api/organisation-invites/not-a-real-token-at-all-000000')).statusCode,
    ).toBe(404);
  });

  it('expires an invitation after seven days', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    const invitee = await person(ctx);
    await ctx.call('POST', `/api/organisations/${orgId}/invites`, {
      token: owner.token,
      body: { email: invitee.email, role: 'viewer', artist_user_ids: null },
    });
    const token = tokenFromMail((await ctx.lastMail(invitee.email))?.text);
    const week = 7 * 86_400_000;
    ctx.clock.advance(week - 1000);
    expect((await ctx.call('GET', `/api/organisation-invites/${token}`)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    try {
      const late = await ctx.call('POST', `/api/organisation-invites/${token}/accept`, {
        token: invitee.token,
      });
      expect(late.statusCode).toBe(410);
    } finally {
      ctx.clock.advance(-week);
    }
  });

  it('makes one member of 20 accepts of one invitation at once', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    const invitee = await person(ctx);
    await ctx.call('POST', `/api/organisations/${orgId}/invites`, {
      token: owner.token,
      body: { email: invitee.email, role: 'viewer', artist_user_ids: null },
    });
    const token = tokenFromMail((await ctx.lastMail(invitee.email))?.text);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.call('POST', `/api/organisation-invites/${token}/accept`, { token: invitee.token }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409 || c === 410)).toBe(true);
    const members = await rows(
      ctx,
      'select * from organisation_members where organisation_id = $1 and user_id = $2',
      [orgId, invitee.id],
    );
    expect(members).toHaveLength(1);
  });

  it('refuses inviting an existing member', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    const viewer = await member(ctx, orgId, owner, 'viewer');
    const again = await ctx.call('POST', `/api/organisations/${orgId}/invites`, {
      token: owner.token,
      body: { email: viewer.email, role: 'admin', artist_user_ids: null },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('the roster', () => {
  it('creates managed profiles that have no login and no address of their own', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    const artistId = await managedArtist(ctx, orgId, owner, 'Managed One');
    const [user] = await rows(ctx, 'select * from users where id = $1', [artistId]);
    expect(user).toMatchObject({
      user_type_id: 1,
      managed_profile: true,
      password_hash: null,
      artist_name: 'Managed One',
      country_code: 'GB',
    });
    expect(user.email).toMatch(/^managed-[0-9a-f-]{36}@managed\.invalid$/);
    expect(user.email_verified_at).not.toBeNull();
    const roles = await rows(ctx, 'select * from user_roles where user_id = $1', [artistId]);
    expect(roles.length).toBeGreaterThan(0);
    const [entry] = await rows(ctx, 'select * from organisation_artists where artist_user_id = $1', [
      artistId,
    ]);
    expect(entry).toMatchObject({ status: 'active', managed: true });
    const bad = await ctx.call('POST', `/api/organisations/${orgId}/artists/managed`, {
      token: owner.token,
      body: { artist_name: 'Genre-less', genre_ids: [999999] },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('invites an existing artist, who is notified and accepts, refuses or leaves', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner, 'Roster Label');
    const unknown = await ctx.call('POST', `/api/organisations/${orgId}/artists/invite`, {
      token: owner.token,
      body: { email: 'nobody-here@test.test' },
    });
    expect(unknown.statusCode).toBe(404);
    const curator = await person(ctx, { userTypeId: 2 });
    const notArtist = await ctx.call('POST', `/api/organisations/${orgId}/artists/invite`, {
      token: owner.token,
      body: { email: curator.email },
    });
    expect(notArtist.statusCode).toBe(422);

    const artist = await person(ctx);
    const sent = await ctx.call('POST', `/api/organisations/${orgId}/artists/invite`, {
      token: owner.token,
      body: { email: artist.email },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ status: 'invited', managed: false });
    const twice = await ctx.call('POST', `/api/organisations/${orgId}/artists/invite`, {
      token: owner.token,
      body: { email: artist.email },
    });
    expect(twice.statusCode).toBe(409);
    const [note] = await rows(ctx, 'select * from notifications where user_id = $1', [artist.id]);
    expect(note.message_key).toBe('organisations.notify.roster_invite');
    expect((await ctx.lastMail(artist.email))?.subject).toContain('Roster Label');

    const mine = (await ctx.call('GET', '/api/user/organisation', { token: artist.token })).json().data;
    expect(mine.current).toBeNull();
    expect(mine.invitations).toEqual([
      expect.objectContaining({ organisation_id: orgId, name: 'Roster Label' }),
    ]);
    const accepted = await ctx.call(
      'POST',
      `/api/user/organisation/invitations/${mine.invitations[0].id}/accept`,
      {
        token: artist.token,
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.current).toMatchObject({ organisation_id: orgId });
    const [audited] = await rows(
      ctx,
      `select * from audit_logs where action = 'organisations.artist_accept' and actor_id = $1`,
      [artist.id],
    );
    expect(audited).toMatchObject({ organisation_id: orgId, on_behalf_of_user_id: artist.id });

    const left = await ctx.call('POST', '/api/user/organisation/leave', { token: artist.token });
    expect(left.statusCode).toBe(200);
    expect(left.json().data.current).toBeNull();
    expect((await ctx.call('POST', '/api/user/organisation/leave', { token: artist.token })).statusCode).toBe(
      404,
    );
    const roster = (
      await ctx.call('GET', `/api/organisations/${orgId}/artists`, { token: owner.token })
    ).json().data;
    expect(roster[0]).toMatchObject({ artist_user_id: artist.id, status: 'left' });
    const mineNow = (await ctx.call('GET', '/api/organisations', { token: owner.token })).json().data;
    expect(mineNow[0].artists).toEqual([]);

    // Invited again, the artist refuses this time.
    const again = await ctx.call('POST', `/api/organisations/${orgId}/artists/invite`, {
      token: owner.token,
      body: { email: artist.email },
    });
    expect(again.statusCode).toBe(201);
    const refused = await ctx.call(
      'POST',
      `/api/user/organisation/invitations/${again.json().data.id}/refuse`,
      {
        token: artist.token,
      },
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toEqual({ current: null, invitations: [] });
    const other = await person(ctx);
    expect(
      (
        await ctx.call('POST', `/api/user/organisation/invitations/${again.json().data.id}/accept`, {
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets an artist join one of two organisations accepting both at once', async () => {
    const a = await person(ctx);
    const b = await person(ctx);
    const orgA = await createOrg(ctx, a, 'One');
    const orgB = await createOrg(ctx, b, 'Two');
    const artist = await person(ctx);
    const idA = (
      await ctx.call('POST', `/api/organisations/${orgA}/artists/invite`, {
        token: a.token,
        body: { email: artist.email },
      })
    ).json().data.id;
    const idB = (
      await ctx.call('POST', `/api/organisations/${orgB}/artists/invite`, {
        token: b.token,
        body: { email: artist.email },
      })
    ).json().data.id;
    const answers = await Promise.all(
      [idA, idB].map((id) =>
        ctx.call('POST', `/api/user/organisation/invitations/${id}/accept`, { token: artist.token }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const active = await rows(
      ctx,
      `select * from organisation_artists where artist_user_id = $1 and status = 'active'`,
      [artist.id],
    );
    expect(active).toHaveLength(1);
  });

  it('takes an artist off the roster: no longer listed among the artists to act for', async () => {
    const owner = await person(ctx);
    const orgId = await createOrg(ctx, owner);
    const artistId = await managedArtist(ctx, orgId, owner);
    expect(
      (await ctx.call('GET', '/api/organisations', { token: owner.token })).json().data[0].artists,
    ).toHaveLength(1);
    const removed = await ctx.call('DELETE', `/api/organisations/${orgId}/artists/${artistId}`, {
      token: owner.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await ctx.call('GET', '/api/organisations', { token: owner.token })).json().data[0].artists,
    ).toEqual([]);
    expect(
      (await ctx.call('DELETE', `/api/organisations/${orgId}/artists/${artistId}`, { token: owner.token }))
        .statusCode,
    ).toBe(404);
  });
});
