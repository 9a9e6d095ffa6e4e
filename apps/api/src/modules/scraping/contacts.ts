import dns from 'node:dns';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheerioCrawlingContext } from '@crawlee/cheerio';
import { sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { getDomain } from 'tldts';
import type { Database } from '../../db/client';

/**
 * Contact addresses from public sources (only what the sources publish): a
 * playlist's description, and an artist's or curator's own website read politely by crawlee
 * (robots.txt respected, one request per second per domain across every worker, a few pages at most).
 * crawlee is loaded on first use, so processes that never crawl do not pay for it at start.
 */

/** How the crawler introduces itself (robots.txt rules for this name apply). */
export const CRAWLER_NAME = 'LibertyMarketplaceBot';
/** Pages read per website at most: its home page and up to two contact-like pages it links to. */
export const MAX_PAGES_PER_SITE = 3;
/** Links worth following from a home page for an address. */
const CONTACT_PATH = /contact|about|booking|impressum|kontakt|management|press/i;
/** Addresses that are file names rather than mailboxes (`logo@2x.png`). */
const NOT_A_MAILBOX = /\.(png|jpe?g|gif|svg|webp|css|js)$/i;

/** First plausible e-mail address of a text (crawlee's extractor), lower case; null when none. */
export async function emailFromText(text: string): Promise<string | null> {
  const { social } = await import('@crawlee/utils');
  const found = social.emailsFromText(text).find((e) => !NOT_A_MAILBOX.test(e) && e.length <= 320);
  return found ? found.toLowerCase() : null;
}

/**
 * The first web address of a text that can be a person's website (not a Spotify link), or null.
 * Only http(s) links of at most 2,000 characters.
 */
export async function websiteFromText(text: string): Promise<string | null> {
  const { extractUrls } = await import('@crawlee/utils');
  for (const candidate of extractUrls({ string: text })) {
    try {
      const url = new URL(candidate);
      if (!/^https?:$/.test(url.protocol) || candidate.length > 2000) continue;
      if (/(^|\.)spotify\.(com|link)$/i.test(url.hostname)) continue;
      return url.toString();
    } catch {
      // not a URL after all
    }
  }
  return null;
}

/** The domain a politeness slot is reserved for: the registrable domain, or the host (IPs, localhost). */
export function politenessDomain(url: string): string {
  const host = new URL(url).hostname.toLowerCase();
  return (getDomain(host) ?? host).slice(0, 255);
}

/**
 * Wait for `domain`'s next free second, shared by every worker through PostgreSQL (each call reserves
 * the second after the last reserved one, on the database's clock).
 * @returns the milliseconds waited
 */
export async function waitForDomainSlot(database: Database, domain: string): Promise<number> {
  const result = await database.db.execute<{ wait_ms: number }>(sql`
    insert into scraping_domain_pace (domain, next_at) values (${domain}, clock_timestamp() + interval '1 second')
    on conflict (domain) do update
      set next_at = greatest(scraping_domain_pace.next_at, clock_timestamp()) + interval '1 second'
    returning (extract(epoch from (next_at - interval '1 second' - clock_timestamp())) * 1000)::float8 as wait_ms`);
  const wait = Math.max(0, Math.ceil(Number(result.rows[0]?.wait_ms ?? 0)));
  if (wait > 0) await sleep(wait);
  return wait;
}

/**
 * A request to `domain` just ended: its next slot is at least a second from now (so a slow first
 * request, or one whose slot was taken long before it went out, still leaves a second before the next).
 */
export async function markDomainRequest(database: Database, domain: string): Promise<void> {
  await database.db.execute(sql`
    insert into scraping_domain_pace (domain, next_at) values (${domain}, clock_timestamp() + interval '1 second')
    on conflict (domain) do update
      set next_at = greatest(scraping_domain_pace.next_at, clock_timestamp() + interval '1 second')`);
}

/** Whether an address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.process(address);
  return parsed.range() !== 'unicast';
}

/** A DNS lookup that refuses private addresses (redirects and rebinding included), for got. */
function publicLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (
    err: NodeJS.ErrnoException | null,
    address: string | dns.LookupAddress[],
    family?: number,
  ) => void,
): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      const refused = new Error(`${hostname} is not a public address`) as NodeJS.ErrnoException;
      refused.code = 'ENOTFOUND';
      return callback(refused, []);
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}

/** A website to read for one lead. */
export interface SiteToRead {
  visitId: number;
  url: string;
}

/** What reading a website gave. */
export interface SiteResult {
  visitId: number;
  /** `done`: read (with or without an address); `blocked`: robots.txt or a private address; `failed`. */
  status: 'done' | 'blocked' | 'failed';
  email: string | null;
  /** The page the address was found on. */
  emailSource: string | null;
  pagesRead: number;
}

/**
 * Read websites for a contact address with crawlee's CheerioCrawler: each site's home page, then (when
 * it shows no address) up to two contact-like pages of the same host. robots.txt (crawlee's
 * RobotsTxtFile, for CRAWLER_NAME) is respected for every page: a disallowed home page makes the visit
 * `blocked`, disallowed links are not followed; each request, robots.txt included, first waits for its
 * domain's slot (`pace`, one a second per domain across workers). With
 * `publicOnly` (production) hosts must resolve to public addresses, so a listed link cannot make the
 * product call its own network. crawlee's storage stays in memory: the persistent queue is the
 * `scraping_site_visits` table.
 */
export async function readWebsites(
  sites: readonly SiteToRead[],
  options: {
    /** Wait for the URL's domain slot (waitForDomainSlot). */
    pace: (url: string) => Promise<unknown>;
    /** A request to the URL's domain ended (markDomainRequest). */
    done: (url: string) => Promise<unknown>;
    publicOnly: boolean;
    timeoutSecs?: number;
  },
): Promise<SiteResult[]> {
  const results = new Map<number, SiteResult>(
    sites.map((s) => [
      s.visitId,
      { visitId: s.visitId, status: 'failed', email: null, emailSource: null, pagesRead: 0 },
    ]),
  );
  const start: SiteToRead[] = [];
  for (const site of sites) {
    let url: URL;
    try {
      url = new URL(site.url);
    } catch {
      results.get(site.visitId)!.status = 'blocked';
      continue;
    }
    if (!/^https?:$/.test(url.protocol)) {
      results.get(site.visitId)!.status = 'blocked';
      continue;
    }
    if (options.publicOnly && !(await resolvesPublicly(url.hostname))) {
      results.get(site.visitId)!.status = 'blocked';
      continue;
    }
    start.push(site);
  }
  if (start.length === 0) return [...results.values()];

  const { CheerioCrawler, Configuration, log, LogLevel } = await import('@crawlee/cheerio');
  const { RobotsTxtFile } = await import('@crawlee/utils');
  log.setLevel(LogLevel.OFF);
  // robots.txt is read first, once per origin and in its domain's slot like any request (crawlee's
  // own reading of it would go out unpaced); pages it forbids are never requested.
  const robots = new Map<string, { isAllowed(url: string, userAgent?: string): boolean } | null>();
  for (const origin of new Set(start.map((s) => new URL(s.url).origin))) {
    await options.pace(origin);
    robots.set(
      origin,
      await RobotsTxtFile.find(origin, undefined, { timeoutMillis: 15_000 }).catch(() => null),
    );
    await options.done(origin);
  }
  const allowed = (url: string) => robots.get(new URL(url).origin)?.isAllowed(url, CRAWLER_NAME) ?? true;
  const homes = start.filter((site) => {
    if (allowed(site.url)) return true;
    results.get(site.visitId)!.status = 'blocked';
    return false;
  });
  if (homes.length === 0) return [...results.values()];
  const crawler = new CheerioCrawler(
    {
      maxRequestRetries: 1,
      maxConcurrency: 4,
      maxRequestsPerCrawl: homes.length * MAX_PAGES_PER_SITE,
      navigationTimeoutSecs: options.timeoutSecs ?? 15,
      requestHandlerTimeoutSecs: (options.timeoutSecs ?? 15) + 10,
      useSessionPool: false,
      persistCookiesPerSession: false,
      preNavigationHooks: [
        async ({ request }, gotOptions) => {
          await options.pace(request.url);
          gotOptions.headers = { ...gotOptions.headers, 'user-agent': `${CRAWLER_NAME}/1.0` };
          if (options.publicOnly) gotOptions.dnsLookup = publicLookup as never;
        },
      ],
      postNavigationHooks: [
        async ({ request }) => {
          await options.done(request.url);
        },
      ],
      async requestHandler(context: CheerioCrawlingContext) {
        const { request, $, enqueueLinks } = context;
        const visitId = request.userData.visitId as number;
        const result = results.get(visitId);
        if (!result) return;
        result.status = 'done';
        result.pagesRead += 1;
        if (!result.email) {
          const mailto = $('a[href^="mailto:"]')
            .map((_, a) => decodeURIComponent(($(a).attr('href') ?? '').slice(7).split('?')[0] ?? ''))
            .get()
            .join(' ');
          const email = await emailFromText(`${mailto} ${$('body').text()}`);
          if (email) {
            result.email = email;
            result.emailSource = request.loadedUrl ?? request.url;
          }
        }
        if (!result.email && request.userData.depth === 0) {
          await enqueueLinks({
            strategy: 'same-hostname',
            selector: 'a[href]',
            limit: MAX_PAGES_PER_SITE - 1,
            robotsTxtFile: robots.get(new URL(request.loadedUrl ?? request.url).origin) ?? undefined,
            respectRobotsTxtFile: { userAgent: CRAWLER_NAME },
            transformRequestFunction: (next) =>
              CONTACT_PATH.test(new URL(next.url).pathname)
                ? { ...next, uniqueKey: `${visitId}:${next.url}`, userData: { visitId, depth: 1 } }
                : false,
          });
        }
      },
      failedRequestHandler({ request }) {
        const result = results.get(request.userData.visitId as number);
        if (result && request.userData.depth === 0 && result.pagesRead === 0) result.status = 'failed';
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: false }),
  );
  await crawler.run(
    homes.map((s) => ({
      url: s.url,
      uniqueKey: `${s.visitId}:${s.url}`,
      userData: { visitId: s.visitId, depth: 0 },
    })),
  );
  await crawler.teardown();
  return [...results.values()];
}

/** Whether every address of `hostname` is public. */
async function resolvesPublicly(hostname: string): Promise<boolean> {
  try {
    const addresses = await dns.promises.lookup(hostname, { all: true });
    return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address));
  } catch {
    return false;
  }
}
