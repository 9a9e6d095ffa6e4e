import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { leadSuppressions, leads } from '../leads/leads.schema';
import { suppressionHash } from '../leads/leads.service';
import {
  emailFromText,
  isPrivateAddress,
  markDomainRequest,
  politenessDomain,
  readWebsites,
  waitForDomainSlot,
  websiteFromText,
} from './contacts';
import { crawlPendingSites } from './scraping.jobs';
import { scrapingSiteVisits } from './scraping.schema';

let ctx: TestContext;

/** A local website (nothing in these tests reaches the internet): its requests, with their times. */
interface Site {
  base: string;
  hits: { path: string; at: number; agent: string }[];
  close(): Promise<void>;
}

async function serveSite(robots: string, pages: Record<string, string>): Promise<Site> {
  const hits: Site['hits'] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.push({ path, at: Date.now(), agent: String(req.headers['user-agent'] ?? '') });
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(robots);
      return;
    }
    const page = pages[path];
    res.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html' });
    res.end(page ?? '<html><body>not found</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const html = (body: string) => `<!doctype html><html><body>${body}</body></html>`;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('contacts from public text', () => {
  it('takes the first address and the first non-Spotify website of a description', async () => {
    expect(await emailFromText('Submit: Curator@Example.org or logo@2x.png')).toBe('curator@example.org');
    expect(await emailFromText('no address here')).toBeNull();
    expect(
      await websiteFromText(
        'Listen https://open.spotify.com/playlist/x then visit https://curator.example/submit',
      ),
    ).toBe('https://curator.example/submit');
    expect(await websiteFromText('nothing')).toBeNull();
  });

  it('knows private addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'nonsense',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.215.14', '2606:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
    expect(politenessDomain('https://www.band.co.uk/contact')).toBe('band.co.uk');
    expect(politenessDomain('http://127.0.0.1:8080/')).toBe('127.0.0.1');
  });
});

describe('reading websites with crawlee', () => {
  const polite = {
    pace: (url: string) => waitForDomainSlot(ctx.deps.database, politenessDomain(url)),
    done: (url: string) => markDomainRequest(ctx.deps.database, politenessDomain(url)),
  };

  it('finds the address on a linked contact page, never reads what robots.txt forbids, one request a second', async () => {
    const site = await serveSite('User-agent: *\nDisallow: /private\n', {
      '/': html(
        '<a href="/contact">Contact</a> <a href="/private/members">Members</a> <a href="/shop">Shop</a>',
      ),
      '/contact': html('Booking: <a href="mailto:booking@band.example?subject=hi">write to us</a>'),
      '/private/members': html('<a href="mailto:secret@band.example">secret</a>'),
    });
    try {
      const [result] = await readWebsites([{ visitId: 1, url: `${site.base}/` }], {
        ...polite,
        publicOnly: false,
      });
      expect(result).toEqual({
        visitId: 1,
        status: 'done',
        email: 'booking@band.example',
        emailSource: `${site.base}/contact`,
        pagesRead: 2,
      });
      const paths = site.hits.map((h) => h.path);
      expect(paths).not.toContain('/private/members');
      expect(paths).not.toContain('/shop');
      expect(paths).toContain('/robots.txt');
      const pages = site.hits.filter((h) => h.path !== '/robots.txt');
      expect(pages.every((h) => h.agent.startsWith('LibertyMarketplaceBot'))).toBe(true);
      for (let i = 1; i < site.hits.length; i += 1) {
        expect(site.hits[i]!.at - site.hits[i - 1]!.at, `${site.hits[i]!.path}`).toBeGreaterThanOrEqual(950);
      }
    } finally {
      await site.close();
    }
  });

  it('marks a site whose robots.txt forbids its home page as blocked, without reading it', async () => {
    const site = await serveSite('User-agent: *\nDisallow: /\n', {
      '/': html('<a href="mailto:x@y.example">x</a>'),
    });
    try {
      const [result] = await readWebsites([{ visitId: 2, url: `${site.base}/` }], {
        ...polite,
        publicOnly: false,
      });
      expect(result).toMatchObject({ status: 'blocked', email: null, pagesRead: 0 });
      expect(site.hits.map((h) => h.path)).toEqual(['/robots.txt']);
    } finally {
      await site.close();
    }
  });

  it('in production reads only hosts with public addresses', async () => {
    const site = await serveSite('', { '/': html('hello') });
    try {
      const [result] = await readWebsites([{ visitId: 3, url: `${site.base}/` }], {
        ...polite,
        publicOnly: true,
      });
      expect(result).toMatchObject({ status: 'blocked', pagesRead: 0 });
      expect(site.hits).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it('gives every worker the same one-second slots per domain', async () => {
    const domain = `pace-${Date.now()}.example`;
    // Reservations are read on the database's clock, not timed here (the machine's load would move them).
    const before = await ctx.deps.database.pool.query<{ at: Date }>('select clock_timestamp() as at');
    await Promise.all([0, 1, 2].map(() => waitForDomainSlot(ctx.deps.database, domain)));
    const pace = await ctx.deps.database.pool.query<{ next_at: Date }>(
      'select next_at from scraping_domain_pace where domain = $1',
      [domain],
    );
    // Three calls reserved three consecutive seconds: the next free one is at least 3 s after the first call.
    expect(pace.rows[0]!.next_at.getTime() - before.rows[0]!.at.getTime()).toBeGreaterThanOrEqual(3_000);
  });

  it('records a found address on the lead with its page and time, unless that address was erased', async () => {
    const site = await serveSite('', {
      '/': html('<a href="/contact">Contact</a>'),
      '/contact': html('<p>mail: hello@duo.example</p>'),
    });
    const other = await serveSite('', { '/': html('<a href="mailto:gone@duo.example">x</a>') });
    try {
      const [found, erased] = await ctx.deps.database.db
        .insert(leads)
        .values([
          {
            kind: 'artist',
            spotifyId: 'crawlTestArtist0000001',
            name: 'Duo',
            spotifyUrl: 'https://open.spotify.com/artist/x',
          },
          {
            kind: 'artist',
            spotifyId: 'crawlTestArtist0000002',
            name: 'Gone',
            spotifyUrl: 'https://open.spotify.com/artist/y',
          },
        ])
        .returning();
      await ctx.deps.database.db
        .insert(leadSuppressions)
        .values({ valueHash: suppressionHash('email', 'Gone@duo.example') });
      await ctx.deps.database.db.insert(scrapingSiteVisits).values([
        { leadId: found!.id, url: `${site.base}/` },
        { leadId: erased!.id, url: `${other.base}/` },
      ]);
      await crawlPendingSites(ctx.deps);
      const [withAddress] = await ctx.deps.database.db.select().from(leads).where(eq(leads.id, found!.id));
      expect(withAddress!.email).toBe('hello@duo.example');
      expect(withAddress!.provenance.email).toEqual({
        source: `${site.base}/contact`,
        found_at: expect.any(String),
      });
      const [kept] = await ctx.deps.database.db.select().from(leads).where(eq(leads.id, erased!.id));
      expect(kept!.email).toBeNull();
      const visits = await ctx.deps.database.db.select().from(scrapingSiteVisits);
      expect(visits.map((v) => v.status)).toEqual(['done', 'done']);
    } finally {
      await site.close();
      await other.close();
    }
  });
});
