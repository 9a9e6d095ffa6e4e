import { WISE_HOSTS } from '../wise/wise';
import type { RatesProvider } from './contract';

/** One rate as Wise's `GET /v1/rates` answers it. */
interface RawRate {
  rate: number;
  source: string;
  target: string;
  time: string;
}

/** Settings of the Wise rates client. */
export interface WiseRatesOptions {
  apiToken: string;
  environment: keyof typeof WISE_HOSTS;
  /** Transport (recorded responses in tests); the global fetch otherwise. */
  fetchImpl?: typeof fetch;
  /** How long a fetched rate or currency list is reused, in ms. Default 10 minutes. */
  cacheMs?: number;
  now?: () => number;
}

/**
 * Mid-market exchange rates from Wise (`GET /v1/rates` for every pair, `GET /v1/rates?source=&target=`
 * for one, documented in Wise's rate API reference),
 * used whenever Wise is configured: production therefore never shows the sandbox's fixed rates.
 * Rates and the currency list are cached per process for `cacheMs` (they are display values; the
 * amount a payout pays is always Wise's own quote).
 */
export function createWiseRates(options: WiseRatesOptions): RatesProvider {
  const host = WISE_HOSTS[options.environment];
  const doFetch = options.fetchImpl ?? fetch;
  const cacheMs = options.cacheMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; value: Promise<RawRate[]> }>();

  function get(query: string): Promise<RawRate[]> {
    const hit = cache.get(query);
    if (hit && now() - hit.at < cacheMs) return hit.value;
    const value = (async () => {
      const res = await doFetch(`${host}/v1/rates${query}`, {
        headers: { authorization: `Bearer ${options.apiToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(20_000),
      });
      if (!res.ok) throw new Error(`Wise rates answered ${res.status}`);
      return (await res.json()) as RawRate[];
    })();
    cache.set(query, { at: now(), value });
    // A failed call is not cached: the next request tries again.
    value.catch(() => cache.delete(query));
    return value;
  }

  return {
    name: 'wise',
    async currencies() {
      const targets = (await get('')).filter((r) => r.source === 'GBP').map((r) => r.target);
      return ['GBP', ...new Set(targets.filter((c) => c !== 'GBP'))];
    },
    async rate(source, target) {
      const s = source.toUpperCase();
      const t = target.toUpperCase();
      if (s === t) return 1;
      const [found] = (await get(`?source=${encodeURIComponent(s)}&target=${encodeURIComponent(t)}`)).filter(
        (r) => r.source === s && r.target === t,
      );
      if (!found) throw new Error(`unsupported currency ${s}/${t}`);
      return found.rate;
    },
  };
}
