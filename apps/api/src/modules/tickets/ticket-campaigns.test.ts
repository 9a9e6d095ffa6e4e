import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/harness';
import { testLanguageId } from '../../test/test-language';
import { seedExpressDemo } from '../express/express.seed';

/**
 * The new-ticket form's campaign picker (`campaign/getUserCampaignWithQ/{id}`): each
 * campaign says its platform, custom campaigns are offered when asked, and a ticket can be about one
 * of them (`custom_campaign_id`), only the user's own, never two campaigns at once.
 */

let curatorId: number;
let languageId: number;
let departmentId: number;
const ctx = testAppForFile();
beforeAll(async () => {
  curatorId = (await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' })).id;
  await seedExpressDemo(ctx.deps.database);
  languageId = await testLanguageId(ctx);
  const admin = await ctx.makeAdmin();
  const dept = await ctx.call('POST', '/api/tickets_departments', {
    token: await ctx.loginAdmin(admin.email),
    body: { department_name: `Campaigns ${Date.now()}` },
  });
  departmentId = dept.json().data.id;
});

const q = async (text: string, values: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, values)).rows;

async function artist() {
  const user = await ctx.makeUser({ userTypeId: 1 });
  return { user, token: await ctx.loginUser(user.email) };
}

/** A Spotify express campaign of `artistId` on the first demo playlist, straight into the table. */
async function expressCampaign(artistId: number, track: string): Promise<number> {
  const rows = await q(
    `insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, tier_id, track_id,
        track_url, track_name, track_artist, status_id, price, fee_percent, playlist_submission_days,
        on_going_days, auditing_days)
     select $1, 1, $2, p.id, p.tier_id, $3, 'https://open.spotify.com/track/x', $4, 'Artist', 7, 50, 20, 3, 28, 3
       from express_playlists p order by p.id limit 1 returning id`,
    [artistId, curatorId, `t${artistId}${track.length}${Date.now()}`, track],
  );
  return rows[0].id;
}

/** A custom campaign of `artistId` (Pending), straight into the table. */
async function customCampaign(artistId: number, name: string): Promise<number> {
  const rows = await q(
    `insert into custom_campaigns (artist_id, name, link, track_id, language_id, is_released, released_date,
        start_date, tier_id, placements, price, pitch)
     select $1, $2, 'https://open.spotify.com/track/y', 'y1', $3, true, '2026-01-01', '2026-12-01', t.id, 3,
            t.price * 3, 'Pitch'
       from express_tiers t order by t.id limit 1 returning id`,
    [artistId, name, languageId],
  );
  return rows[0].id;
}

const picker = (userId: number, token: string, query = '') =>
  ctx.call('GET', `/api/campaign/getUserCampaignWithQ/${userId}${query}`, { token });

const open = (token: string, extra: Record<string, unknown>) =>
  ctx.call('POST', '/api/tickets', {
    token,
    body: {
      ticket_subject: 'About my campaign',
      initial_message: 'Hello',
      department_id: departmentId,
      ...extra,
    },
  });

describe('campaign picker of the ticket form', () => {
  it('names each campaign with its platform, and offers custom campaigns when asked', async () => {
    const a = await artist();
    const first = await expressCampaign(a.user.id, 'Lucky Skyline');
    const second = await expressCampaign(a.user.id, 'Lucky Skyline');
    const custom = await customCampaign(a.user.id, 'Lucky Skyline');

    const plain = (await picker(a.user.id, a.token)).json().data;
    // Without the flag, only express campaigns (older clients send every id as `campaign_id`).
    expect(plain.map((c: { id: number }) => c.id)).toEqual([second, first]);
    expect(plain[0]).toEqual({
      id: second,
      name: `#${second} Lucky Skyline (Spotify)`,
      kind: 'express',
      platform: 'spotify',
      track_name: 'Lucky Skyline',
    });

    const all = (await picker(a.user.id, a.token, '?include_custom=1')).json().data;
    expect(all.map((c: { kind: string; id: number }) => `${c.kind}:${c.id}`)).toEqual([
      `custom:${custom}`,
      `express:${second}`,
      `express:${first}`,
    ]);
    expect(all[0]).toMatchObject({ platform: 'spotify', track_name: 'Lucky Skyline' });
    // Searching by song finds both kinds.
    const found = (await picker(a.user.id, a.token, '?include_custom=1&q=skyline')).json().data;
    expect(found).toHaveLength(3);
  });

  it('opens a ticket about a custom campaign of the user, shown with its name and platform', async () => {
    const a = await artist();
    const custom = await customCampaign(a.user.id, 'Night Drive');
    const res = await open(a.token, { custom_campaign_id: custom });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await ctx.call('GET', `/api/ticket/${res.json().data.id}`, { token: a.token })).json()
      .data;
    expect(detail).toMatchObject({
      campaign_id: null,
      custom_campaign_id: custom,
      campaign_name: `#${custom} Night Drive (Spotify)`,
    });
  });

  it("refuses another artist's custom campaign and two campaigns at once, and creates nothing", async () => {
    const a = await artist();
    const b = await artist();
    const theirs = await customCampaign(b.user.id, 'Not yours');
    const mine = await customCampaign(a.user.id, 'Mine');
    const own = await expressCampaign(a.user.id, 'Mine too');
    const before = (await q('select count(*)::int n from tickets'))[0].n;

    const other = await open(a.token, { custom_campaign_id: theirs });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.custom_campaign_id).toEqual(["Choose one of this user's own campaigns"]);

    const both = await open(a.token, { campaign_id: own, custom_campaign_id: mine });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.custom_campaign_id).toEqual(['Choose one campaign only']);

    expect((await q('select count(*)::int n from tickets'))[0].n).toBe(before);
  });
});
