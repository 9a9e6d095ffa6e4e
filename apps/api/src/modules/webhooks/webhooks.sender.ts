import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS } from '@lm/contracts/webhooks';
import ipaddr from 'ipaddr.js';

/** An address a host name resolved to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the system resolver by default; tests inject one). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** One signed POST to an endpoint. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * How an attempt went: `ok` for a 2xx answer. `status` and `excerpt` are the receiver's answer (null
 * when none came); `error` says why there was no usable answer: `url_invalid`, `address_refused` (a
 * private, loopback, link-local... address), `dns` (the name did not resolve), `timeout`,
 * `connection`, `redirect` (a 3xx: never followed) or `status` (any other non-2xx).
 */
export interface WebhookAttempt {
  ok: boolean;
  status: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

/** Sends one request with the address checks of {@link createWebhookSender}. */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookAttempt>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * Whether `address` is a public unicast address: not loopback, private (10/8, 172.16/12, 192.168/16),
 * link-local (169.254/16, cloud metadata included), carrier-grade NAT, multicast, broadcast,
 * unspecified or reserved, nor IPv6 loopback, unique-local, link-local, multicast, NAT64/6to4/Teredo
 * (which embed an IPv4 address) or documentation; an IPv4-mapped IPv6 address is judged as its IPv4
 * address. ipaddr.js names every range; only `unicast` is public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * Whether a URL may be an endpoint's address: `https://` with a host that is not an IP address of a
 * non-public range nor `localhost` (names are resolved and checked again at every send). With
 * `allowPrivate` (development), `http://` and any host pass.
 */
export function acceptableEndpointUrl(url: string, allowPrivate: boolean): 'ok' | 'not_https' | 'not_public' {
  const parsed = new URL(url);
  if (allowPrivate) return 'ok';
  if (parsed.protocol !== 'https:') return 'not_https';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) ? !isPublicAddress(host) : /(^|\.)localhost$/i.test(host)) return 'not_public';
  return 'ok';
}

/**
 * The HTTP client of webhook deliveries (issue 34 "Webhooks", SSRF rules in docs/decisions.md): resolves
 * the host, refuses the request when ANY resolved address is not public (unless `allowPrivate`),
 * connects to the checked address itself (the socket's lookup answers it, so no second resolution can
 * swap in another), never follows a redirect (a 3xx is a failure), gives up after `timeoutMs` for the
 * whole exchange and keeps at most `WEBHOOK_LIMITS.excerptChars` characters of the answer.
 * @param options.allowPrivate `config.webhookAllowPrivateUrls` (development receivers on localhost)
 * @param options.resolve the resolver (default: the system's, every address)
 */
export function createWebhookSender(options: {
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}): WebhookSender {
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs;
  return async (request) => {
    const started = performance.now();
    const done = (a: Omit<WebhookAttempt, 'durationMs'>): WebhookAttempt => ({
      ...a,
      durationMs: Math.round(performance.now() - started),
    });
    const failed = (error: string, status: number | null = null, excerpt: string | null = null) =>
      done({ ok: false, status, excerpt, error });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return failed('url_invalid');
    }
    if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:'))
      return failed('url_invalid');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: ResolvedAddress[];
    if (ipaddr.isValid(host))
      addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
    else {
      let timer: NodeJS.Timeout | undefined;
      try {
        // The system resolver has no deadline of its own: the attempt's time bounds it too.
        addresses = await Promise.race([
          resolve(host),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('dns timeout')), timeoutMs);
          }),
        ]);
      } catch {
        return failed('dns');
      } finally {
        clearTimeout(timer);
      }
    }
    if (addresses.length === 0) return failed('dns');
    if (!options.allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))
      return failed('address_refused');
    const target = addresses[0]!;
    // The connection goes to the address just checked, whatever the name resolves to by then.
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<WebhookAttempt>((settle) => {
      const req = client.request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          lookup: pinned,
          agent: false,
          signal: AbortSignal.timeout(timeoutMs),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            // Enough for the log: the rest of a long answer is not read.
            if (text.length >= WEBHOOK_LIMITS.excerptChars) res.destroy();
          });
          const finish = () => {
            // NUL is the one character PostgreSQL's text refuses: a receiver's answer must not stop the log.
            const excerpt = text.replaceAll('\u0000', '').slice(0, WEBHOOK_LIMITS.excerptChars) || null;
            if (status >= 200 && status < 300) settle(done({ ok: true, status, excerpt, error: null }));
            else settle(failed(status >= 300 && status < 400 ? 'redirect' : 'status', status, excerpt));
          };
          res.on('end', finish);
          res.on('close', finish);
          res.on('error', finish);
        },
      );
      req.on('error', (err: Error & { code?: string }) => {
        const timedOut = err.name === 'AbortError' || err.name === 'TimeoutError' || err.code === 'ABORT_ERR';
        settle(failed(timedOut ? 'timeout' : 'connection'));
      });
      req.end(request.body);
    });
  };
}
