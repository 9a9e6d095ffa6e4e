import { describe, expect, it } from 'vitest';
import ratesAll from './recorded/rates-all.json' with { type: 'json' };
import ratesPair from './recorded/rates-pair.json' with { type: 'json' };
import { createWiseRates } from './wise-rates';

/** A fetch answering Wise's documented `GET /v1/rates` examples, counting the calls. */
function replay() {
  const urls: URL[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    urls.push(url);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer recorded-token');
    if (url.pathname !== '/v1/rates') return new Response('{}', { status: 404 });
    const body = url.searchParams.has('source') ? ratesPair : ratesAll;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  let clock = 0;
  const rates = createWiseRates({
    apiToken: 'recorded-token',
    environment: 'sandbox',
    fetchImpl,
    now: () => clock,
  });
  return { rates, urls, advance: (ms: number) => (clock += ms) };
}

describe('Wise rates client (recorded documented responses)', () => {
  it('reads one pair from GET /v1/rates?source&target and caches it for ten minutes', async () => {
    const { rates, urls, advance } = replay();
    expect(await rates.rate('eur', 'usd')).toBe(1.166);
    expect(urls[0]?.href).toBe('https://api.sandbox.transferwise.tech/v1/rates?source=EUR&target=USD');
    await rates.rate('EUR', 'USD');
    expect(urls).toHaveLength(1);
    advance(10 * 60_000);
    await rates.rate('EUR', 'USD');
    expect(urls).toHaveLength(2);
  });

  it('lists GBP first, then the currencies GBP converts to', async () => {
    const { rates } = replay();
    expect(await rates.currencies()).toEqual(['GBP', 'USD', 'EUR', 'TRY']);
  });

  it('refuses a pair Wise does not answer, and a currency to itself is 1 without a call', async () => {
    const { rates, urls } = replay();
    await expect(rates.rate('GBP', 'XXX')).rejects.toThrow(/unsupported currency/);
    expect(await rates.rate('GBP', 'gbp')).toBe(1);
    expect(urls).toHaveLength(1);
  });
});
