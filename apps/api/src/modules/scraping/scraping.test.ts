import { SCRAPING_JOB_STATUS as STATUS } from '@lm/contracts/scraping';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpotifyApiError, type SpotifyProvider } from '../../providers/spotify/contract';
import { createAdminTestApp } from '../../test/admin-app';
import { csvLines } from '../../test/csv';
import type { TestContext } from '../../test/harness';
import { auditLogs } from '../audit/audit.schema';
import { leadListMembers, leadLists, leadSuppressions, leads } from '../leads/leads.schema';
import { suppressionHash } from '../leads/leads.service';
import {
  scrapingEvents,
  scrapingJobItems,
  scrapingJobLeads,
  scrapingJobs,
  scrapingSpotifyPause,
} from './scraping.schema';
import { creditsOf, playlistLink, runJobToEnd, sizedPlaylistId, withSpotify } from './scraping.test-helpers';
import { processScrapingJob } from './scraping.worker';
import { createSpotifyBudget } from './spotify-budget';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp({ env: { SPOTIFY_CALLS_PER_MINUTE: '100000' } }));
});
afterAll(() => ctx.close());

/** Queue jobs through the API; answers the created jobs' ids. */
async function queue(links: string[], csv?: string): Promise<number[]> {
  const res = await ctx.call('POST', '/api/admin/scraping/jobs', { token, body: { links, csv } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.created.map((c: { id: number }) => c.id);
}

const jobRow = async (id: number) =>
  (await ctx.deps.database.db.select().from(scrapingJobs).where(eq(scrapingJobs.id, id)))[0]!;

describe('queueing scraping jobs', () => {
  it('queues a job per playlist from pasted links and a CSV, once per playlist', async () => {
    const [a, b, c] = [sizedPlaylistId(20), sizedPlaylistId(20), sizedPlaylistId(20)];
    const csv = `name,link\nFirst,${playlistLink(b)}\nSecond,"spotify:playlist:${c}"\n`;
    const res = await ctx.call('POST', '/api/admin/scraping/jobs', {
      token,
      body: { links: [playlistLink(a), `${playlistLink(a)}?si=abc`, ''], csv },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.created.map((j: { playlist_id: string }) => j.playlist_id)).toEqual([a, b, c]);
    // Already open: answered with the job that has it.
    const again = await ctx.call('POST', '/api/admin/scraping/jobs', {
      token,
      body: { links: [playlistLink(b)] },
    });
    expect(again.json().data).toEqual({
      created: [],
      skipped: [{ id: res.json().data.created[1].id, playlist_id: b }],
    });
    const [audited] = await ctx.deps.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'scraping.jobs_create'))
      .limit(1);
    expect(audited).toBeDefined();
  });

  it('refuses what is not a playlist link under its field, and changes nothing', async () => {
    const before = await ctx.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(scrapingJobs);
    const bad = await ctx.call('POST', '/api/admin/scraping/jobs', {
      token,
      body: {
        links: [playlistLink(sizedPlaylistId(20)), 'https://open.spotify.com/track/4iV5W9uYEdYUVa79Axb7Rh'],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'links.1': ['Not a Spotify playlist link (https://open.spotify.com/playlist/…)'],
    });
    const badCsv = await ctx.call('POST', '/api/admin/scraping/jobs', {
      token,
      body: { csv: `url\n${playlistLink(sizedPlaylistId(20))}\nhello\n` },
    });
    expect(badCsv.json().errors).toEqual({ 'csv.3': ['This row has no Spotify playlist link'] });
    const none = await ctx.call('POST', '/api/admin/scraping/jobs', { token, body: { links: [''] } });
    expect(none.statusCode).toBe(422);
    const tooMany = await ctx.call('POST', '/api/admin/scraping/jobs', {
      token,
      body: { links: Array.from({ length: 51 }, () => playlistLink(sizedPlaylistId(20))) },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.links).toEqual(['At most 50 playlists at a time']);
    const after = await ctx.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(scrapingJobs);
    expect(after).toEqual(before);
  });
});

describe('a scraping job', () => {
  it('reads the curator and every artist of a playlist once, with progress and provenance', async () => {
    const playlistId = sizedPlaylistId(120);
    const [jobId] = await queue([playlistLink(playlistId)]);
    const job = await runJobToEnd(ctx.deps, jobId!);
    expect(job).toMatchObject({ statusId: STATUS.COMPLETED, itemsTotal: 120, itemsDone: 120 });
    const credits = await creditsOf(ctx.deps.providers.spotify, playlistId);
    const links = await ctx.deps.database.db
      .select({ lead: leads, tracks: scrapingJobLeads.tracks, isNew: scrapingJobLeads.isNew })
      .from(scrapingJobLeads)
      .innerJoin(leads, eq(leads.id, scrapingJobLeads.leadId))
      .where(eq(scrapingJobLeads.jobId, jobId!));
    const artists = links.filter((l) => l.lead.kind === 'artist');
    expect(new Map(artists.map((a) => [a.lead.spotifyId, a.tracks]))).toEqual(credits);
    expect(job.artistsFound).toBe(credits.size);
    expect(job.artistsNew).toBe(artists.filter((a) => a.isNew).length);
    const curator = links.find((l) => l.lead.kind === 'curator')!;
    expect(curator.lead.spotifyId).toMatch(/^sandbox-owner-pool-\d+$/);
    expect(job.curatorLeadId).toBe(curator.lead.id);
    const sample = artists[0]!.lead;
    expect(sample.provenance.name).toEqual({
      source: `https://open.spotify.com/artist/${sample.spotifyId}`,
      found_at: expect.any(String),
    });
    expect(sample.genres.length).toBeGreaterThan(0);
    const items = await ctx.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scrapingJobItems)
      .where(and(eq(scrapingJobItems.jobId, jobId!), eq(scrapingJobItems.done, false)));
    expect(items[0]!.n).toBe(0);
    const detail = await ctx.call('GET', `/api/admin/scraping/jobs/${jobId}`, { token });
    expect(detail.json().data).toMatchObject({ progress: 100, status_id: STATUS.COMPLETED, items_done: 120 });
  });

  it('takes the curator’s address from the playlist description, with the playlist as its source', async () => {
    let playlistId = sizedPlaylistId(20);
    for (let i = 0; i < 50; i += 1) {
      if ((await ctx.deps.providers.spotify.getPlaylist(playlistId))!.description?.includes('@')) break;
      playlistId = sizedPlaylistId(20);
    }
    const [jobId] = await queue([playlistLink(playlistId)]);
    const job = await runJobToEnd(ctx.deps, jobId!);
    const [curator] = await ctx.deps.database.db.select().from(leads).where(eq(leads.id, job.curatorLeadId!));
    expect(curator!.email).toMatch(/^submit\+.+@curators\.example$/);
    // Curators of the sized sandbox playlists own several: the address keeps the playlist it was first read on.
    const source = curator!.provenance.email!.source;
    const sourceId = source.replace('https://open.spotify.com/playlist/', '');
    expect((await ctx.deps.providers.spotify.getPlaylist(sourceId))!.description).toContain(curator!.email);
    expect(Date.parse(curator!.provenance.email!.found_at)).not.toBeNaN();
  });

  it('de-duplicates artists by Spotify id across jobs: a second job adds only the artists it is first to find', async () => {
    const first = sizedPlaylistId(150);
    const second = sizedPlaylistId(150);
    const [a, b] = await queue([playlistLink(first), playlistLink(second)]);
    const jobA = await runJobToEnd(ctx.deps, a!);
    const jobB = await runJobToEnd(ctx.deps, b!);
    const creditsA = await creditsOf(ctx.deps.providers.spotify, first);
    const creditsB = await creditsOf(ctx.deps.providers.spotify, second);
    const shared = [...creditsB.keys()].filter((id) => creditsA.has(id));
    expect(shared.length).toBeGreaterThan(0);
    const ids = [...new Set([...creditsA.keys(), ...creditsB.keys()])];
    const rows = await ctx.deps.database.db
      .select({ spotifyId: leads.spotifyId, n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(eq(leads.kind, 'artist'), inArray(leads.spotifyId, ids)))
      .groupBy(leads.spotifyId);
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(jobB.artistsFound).toBe(creditsB.size);
    expect(jobB.artistsNew).toBeLessThanOrEqual(creditsB.size - shared.length);
    expect(jobA.artistsNew + jobB.artistsNew).toBeLessThanOrEqual(ids.length);
    const newInB = await ctx.call(
      'GET',
      `/api/admin/scraping/jobs/${b}/leads?filter[new]=1&filter[kind]=artist&limit=100`,
      { token },
    );
    expect(newInB.json().pagination.total).toBe(jobB.artistsNew);
    for (const lead of newInB.json().data) expect(creditsA.has(lead.spotify_id)).toBe(false);
  });

  it('stops for good when cancelled, and says so', async () => {
    const sandbox = ctx.deps.providers.spotify;
    // The worker dies when it reaches the third page: the first 100 tracks are done by then.
    const crashing: SpotifyProvider = {
      ...sandbox,
      getPlaylistItems: async (id, offset) => {
        if (offset >= 100) throw new Error('worker died');
        return sandbox.getPlaylistItems(id, offset);
      },
    };
    const [jobId] = await queue([playlistLink(sizedPlaylistId(200))]);
    await processScrapingJob(withSpotify(ctx, crashing), jobId!).catch(() => undefined);
    const partial = await jobRow(jobId!);
    expect(partial.statusId).toBe(STATUS.RUNNING);
    expect(partial.itemsDone).toBe(100);
    const cancel = await ctx.call('POST', `/api/admin/scraping/jobs/${jobId}/cancel`, { token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.status_id).toBe(STATUS.CANCELLED);
    await processScrapingJob(ctx.deps, jobId!);
    expect(await jobRow(jobId!)).toMatchObject({ statusId: STATUS.CANCELLED, itemsDone: partial.itemsDone });
    const again = await ctx.call('POST', `/api/admin/scraping/jobs/${jobId}/cancel`, { token });
    expect(again.statusCode).toBe(409);
    const events = (await ctx.call('GET', `/api/admin/scraping/jobs/${jobId}/events`, { token })).json().data;
    expect(events[0]).toMatchObject({ event: 'scraping.event.cancelled', message: 'Cancelled' });
  });

  it('fails saying so when Spotify does not let the app read the playlist in its mode (403)', async () => {
    const sandbox = ctx.deps.providers.spotify;
    const forbidden: SpotifyProvider = {
      ...sandbox,
      getPlaylistItems: async () => {
        throw new SpotifyApiError('spotify GET /playlists/x/items failed: 403 Forbidden', 403);
      },
    };
    const [jobId] = await queue([playlistLink(sizedPlaylistId(20))]);
    const job = await runJobToEnd(withSpotify(ctx, forbidden), jobId!);
    expect(job).toMatchObject({ statusId: STATUS.FAILED, errorKey: 'scraping.error.not_permitted' });
    const detail = await ctx.call('GET', `/api/admin/scraping/jobs/${jobId}`, {
      token,
      headers: { 'x-lang': 'en' },
    });
    expect(detail.json().data.error).toMatch(
      /Development Mode reads the items of only the playlists its user owns/,
    );
    const events = await ctx.call('GET', `/api/admin/scraping/jobs/${jobId}/events`, { token });
    expect(events.json().data[0]).toMatchObject({ level: 'error', event: 'scraping.error.not_permitted' });
  });
});

describe('Spotify limits', () => {
  it('shares one per-minute budget between workers, refusing what would go over it', async () => {
    const worker1 = createSpotifyBudget(ctx.deps.database, 5, ctx.clock);
    const worker2 = createSpotifyBudget(ctx.deps.database, 5, ctx.clock);
    ctx.clock.set(new Date('2031-01-01T10:00:10Z'));
    expect(await worker1.tryTake(3)).toEqual({ ok: true });
    expect(await worker2.tryTake(3)).toEqual({ ok: false, reason: 'budget', waitSeconds: 50 });
    expect(await worker2.tryTake(2)).toEqual({ ok: true });
    expect(await worker1.tryTake(1)).toMatchObject({ ok: false });
    ctx.clock.set(new Date('2031-01-01T10:01:00Z'));
    expect(await worker1.tryTake(5)).toEqual({ ok: true });
    ctx.clock.reset();
  });

  it('pauses every worker for Retry-After after a 429, and defers the job instead of failing it', async () => {
    const sandbox = ctx.deps.providers.spotify;
    let calls = 0;
    const limited: SpotifyProvider = {
      ...sandbox,
      getArtists: async (ids) => {
        calls += 1;
        if (calls === 1) throw new SpotifyApiError('spotify rate limited: retry after 30s', 429, 30);
        return sandbox.getArtists(ids);
      },
    };
    const [jobId] = await queue([playlistLink(sizedPlaylistId(40))]);
    const deps = withSpotify(ctx, limited);
    // As a worker would, take the queued pg-boss job first: the deferral then queues the next one.
    await ctx.deps.database.pool.query(`delete from pgboss.job where singleton_key = $1`, [`job:${jobId}`]);
    for (let i = 0; i < 3; i += 1) await processScrapingJob(deps, jobId!);
    // The first artists step met the 429: nothing of it was kept, the job waits.
    expect(await jobRow(jobId!)).toMatchObject({ statusId: STATUS.RUNNING, itemsDone: 0 });
    const budget = createSpotifyBudget(ctx.deps.database, 100_000, ctx.clock);
    expect(await budget.tryTake(1)).toMatchObject({ ok: false, reason: 'paused', waitSeconds: 30 });
    const [event] = await ctx.deps.database.db
      .select()
      .from(scrapingEvents)
      .where(
        and(eq(scrapingEvents.jobId, jobId!), eq(scrapingEvents.eventKey, 'scraping.event.rate_limited')),
      );
    expect(event?.params).toEqual({ seconds: 30 });
    const queued = await ctx.deps.database.pool.query(
      `select start_after > now() + interval '20 seconds' as later from pgboss.job
       where name = 'scraping.playlist' and singleton_key = $1 and state = 'created'`,
      [`job:${jobId}`],
    );
    expect(queued.rows).toEqual([{ later: true }]);
    // Once the pause is over the job finishes, each track once.
    ctx.clock.advance(31_000);
    const job = await runJobToEnd(deps, jobId!);
    expect(job).toMatchObject({ statusId: STATUS.COMPLETED, itemsDone: 40 });
    expect(calls).toBeGreaterThan(1);
    ctx.clock.reset();
    await ctx.deps.database.db.delete(scrapingSpotifyPause);
  });
});

describe('erasure', () => {
  it('erases a lead for good: audited, and never added again by a later job', async () => {
    const playlistId = sizedPlaylistId(30);
    const [first] = await queue([playlistLink(playlistId)]);
    await runJobToEnd(ctx.deps, first!);
    const [victim] = await ctx.deps.database.db
      .select({ lead: leads })
      .from(scrapingJobLeads)
      .innerJoin(leads, eq(leads.id, scrapingJobLeads.leadId))
      .where(and(eq(scrapingJobLeads.jobId, first!), eq(leads.kind, 'artist')))
      .limit(1);
    const lead = victim!.lead;
    await ctx.deps.database.db
      .update(leads)
      .set({ email: 'Someone@Example.com' })
      .where(eq(leads.id, lead.id));
    const erase = await ctx.call('POST', `/api/admin/scraping/leads/${lead.id}/erase`, { token });
    expect(erase.statusCode, erase.body).toBe(200);
    expect(await ctx.deps.database.db.select().from(leads).where(eq(leads.id, lead.id))).toEqual([]);
    const hashes = (await ctx.deps.database.db.select().from(leadSuppressions)).map((s) => s.valueHash);
    expect(hashes).toContain(suppressionHash('artist', lead.spotifyId!));
    expect(hashes).toContain(suppressionHash('email', 'someone@example.com'));
    expect(JSON.stringify(await ctx.deps.database.db.select().from(leadSuppressions))).not.toContain(
      lead.spotifyId,
    );
    const [audited] = await ctx.deps.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'leads.erase'), eq(auditLogs.targetId, String(lead.id))));
    expect(audited?.meta).toEqual({ kind: 'artist' });
    // The same playlist scraped again (profiles read again too): the erased artist stays out.
    await ctx.deps.database.db.update(leads).set({ profileFetchedAt: null });
    const [second] = await queue([playlistLink(playlistId)]);
    const job = await runJobToEnd(ctx.deps, second!);
    expect(job.statusId).toBe(STATUS.COMPLETED);
    expect(
      await ctx.deps.database.db
        .select()
        .from(leads)
        .where(and(eq(leads.kind, 'artist'), eq(leads.spotifyId, lead.spotifyId!))),
    ).toEqual([]);
    const credits = await creditsOf(ctx.deps.providers.spotify, playlistId);
    expect(job.artistsFound).toBe(credits.size - 1);
    const again = await ctx.call('POST', `/api/admin/scraping/leads/${lead.id}/erase`, { token });
    expect(again.statusCode).toBe(404);
  });
});

describe('results', () => {
  let jobId: number;
  beforeAll(async () => {
    [jobId] = (await queue([playlistLink(sizedPlaylistId(100))])) as [number];
    await runJobToEnd(ctx.deps, jobId);
  });

  it('filters by genre and followers range, and refuses a range upside down', async () => {
    const genres = (await ctx.call('GET', `/api/admin/scraping/jobs/${jobId}/genres`, { token })).json().data;
    const genre = genres[0].genre as string;
    const res = await ctx.call(
      'GET',
      `/api/admin/scraping/jobs/${jobId}/leads?filter[genre]=${encodeURIComponent(genre.toUpperCase())}&filter[followers_min]=1000&filter[followers_max]=500000&limit=100`,
      { token },
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const lead of res.json().data) {
      expect(lead.genres).toContain(genre);
      expect(lead.followers).toBeGreaterThanOrEqual(1000);
      expect(lead.followers).toBeLessThanOrEqual(500000);
    }
    const bad = await ctx.call(
      'GET',
      `/api/admin/scraping/jobs/${jobId}/leads?filter[followers_min]=10&filter[followers_max]=5`,
      {
        token,
      },
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['filter.followers_max']);
  });

  it('exports the filtered leads as CSV, with formulas neutralised, and audits it', async () => {
    const res = await ctx.call('GET', `/api/admin/scraping/jobs/${jobId}/export?filter[kind]=artist`, {
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'kind,name,spotify_id,spotify_url,followers,popularity,genres,email,email_source,email_found_at,website,instagram,other_links,new_in_this_job,tracks_in_playlist,first_found_at',
    );
    const job = await jobRow(jobId);
    expect(lines).toHaveLength(job.artistsFound + 1);
    const [audited] = await ctx.deps.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'scraping.export'), eq(auditLogs.targetId, String(jobId))));
    expect(audited?.meta).toMatchObject({ rows: job.artistsFound });
    await ctx.deps.database.db
      .update(leads)
      .set({ name: '=HYPERLINK("http://evil")' })
      .where(sql`${leads.id} = (select lead_id from scraping_job_leads where job_id = ${jobId} limit 1)`);
    const evil = await ctx.call('GET', `/api/admin/scraping/jobs/${jobId}/export`, { token });
    expect(evil.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('sends leads to a named list, creating it once and appending after', async () => {
    const some = (await ctx.call('GET', `/api/admin/scraping/jobs/${jobId}/leads?limit=10`, { token })).json()
      .data;
    const ids = some.slice(0, 3).map((l: { id: number }) => l.id);
    const first = await ctx.call('POST', `/api/admin/scraping/jobs/${jobId}/send-to-list`, {
      token,
      body: { list_name: 'Indie outreach', lead_ids: ids },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      created: true,
      added: 3,
      already: 0,
      list_name: 'Indie outreach',
    });
    const second = await ctx.call('POST', `/api/admin/scraping/jobs/${jobId}/send-to-list`, {
      token,
      body: { list_name: ' indie OUTREACH ', filter: { kind: 'artist' } },
    });
    const job = await jobRow(jobId);
    expect(second.json().data).toMatchObject({ created: false, added: job.artistsFound - 3, already: 3 });
    const lists = await ctx.deps.database.db
      .select()
      .from(leadLists)
      .where(sql`lower(${leadLists.name}) = 'indie outreach'`);
    expect(lists).toHaveLength(1);
    const members = await ctx.deps.database.db
      .select()
      .from(leadListMembers)
      .where(eq(leadListMembers.listId, lists[0]!.id));
    expect(members).toHaveLength(job.artistsFound);
    // Leads of another job are not sent through this one.
    const outsider = await ctx.call('POST', `/api/admin/scraping/jobs/${jobId}/send-to-list`, {
      token,
      body: { list_name: 'Other', lead_ids: [999_999_999] },
    });
    expect(outsider.statusCode).toBe(422);
  });
});

describe('permissions', () => {
  it('lists with view.main.scraping.tab.list, details and changes with scraping.show, the dashboard with view.main.genres.tab.list', async () => {
    const viewer = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.scraping.tab.list'] })).email,
    );
    const manager = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: ['scraping.show'] })).email);
    const reference = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.genres.tab.list'] })).email,
    );
    const [jobId] = await queue([playlistLink(sizedPlaylistId(20))]);
    const status = async (who: string, method: string, url: string, body?: unknown) =>
      (await ctx.call(method, url, { token: who, body })).statusCode;
    for (const url of [
      '/api/admin/scraping/jobs',
      '/api/admin/scraping/auto-jobs',
      '/api/admin/scraping/events',
    ]) {
      expect(await status(viewer, 'GET', url), url).toBe(200);
      expect(await status(manager, 'GET', url), url).toBe(403);
    }
    for (const url of [
      `/api/admin/scraping/jobs/${jobId}`,
      `/api/admin/scraping/jobs/${jobId}/leads`,
      `/api/admin/scraping/jobs/${jobId}/export`,
    ]) {
      expect(await status(viewer, 'GET', url), url).toBe(403);
      expect(await status(manager, 'GET', url), url).toBe(200);
    }
    const link = { links: [playlistLink(sizedPlaylistId(20))] };
    expect(await status(viewer, 'POST', '/api/admin/scraping/jobs', link)).toBe(403);
    expect(await status(manager, 'POST', '/api/admin/scraping/jobs', link)).toBe(201);
    expect(await status(viewer, 'POST', `/api/admin/scraping/jobs/${jobId}/cancel`)).toBe(403);
    expect(await status(viewer, 'GET', '/api/admin/scraping/dashboard')).toBe(403);
    expect(await status(manager, 'GET', '/api/admin/scraping/dashboard')).toBe(403);
    const dashboard = await ctx.call('GET', '/api/admin/scraping/dashboard?days=7', { token: reference });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().data.per_day).toHaveLength(7);
    expect(dashboard.json().data.artists).toBeGreaterThan(0);
    expect(
      (await ctx.call('GET', '/api/admin/scraping/dashboard?days=200', { token: reference })).statusCode,
    ).toBe(422);
  });
});
