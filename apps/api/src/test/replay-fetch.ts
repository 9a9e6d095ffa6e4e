/** A recorded answer of a provider's endpoint: the HTTP status, the JSON body it sent, extra headers. */
export interface RecordedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A request the replaying fetch received: what the test inspects. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The body as text ('' when none). */
  body: string;
  /** The `init` exactly as the provider passed it. */
  init?: RequestInit;
}

/** What a route answers: one answer, answers in turn (the last one repeats), or one chosen per request. */
export type Replayed = RecordedAnswer | RecordedAnswer[] | ((req: SentRequest) => RecordedAnswer | undefined);

/**
 * A `fetch` for provider tests that replays recorded answers and keeps every request for the test to
 * inspect. Routes are keyed by the requested URL without its query unless `keyOf` says otherwise (some
 * providers' tests key by `METHOD path`). A URL with no recording answers `notRecorded` (default 599
 * "not recorded"), so a call the test did not expect fails loudly instead of reaching the network.
 * @param options.headers headers of every answer besides `content-type: application/json`
 */
export function replayFetch(
  routes: Record<string, Replayed>,
  options: {
    keyOf?: (req: SentRequest) => string;
    headers?: Record<string, string>;
    notRecorded?: RecordedAnswer;
  } = {},
): { fetchImpl: typeof fetch; requests: SentRequest[] } {
  const requests: SentRequest[] = [];
  const served = new Map<string, number>();
  const keyOf = options.keyOf ?? ((req: SentRequest) => `${req.url.origin}${req.url.pathname}`);
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const sent: SentRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
      init,
    };
    requests.push(sent);
    const key = keyOf(sent);
    const route = routes[key];
    let answer: RecordedAnswer | undefined;
    if (typeof route === 'function') answer = route(sent);
    else if (Array.isArray(route)) {
      const n = served.get(key) ?? 0;
      served.set(key, n + 1);
      answer = route[Math.min(n, route.length - 1)];
    } else answer = route;
    if (!answer) {
      const missing = options.notRecorded;
      return missing
        ? new Response(JSON.stringify(missing.body), { status: missing.status })
        : new Response('not recorded', { status: 599 });
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...options.headers, ...answer.headers },
    });
  }) as typeof fetch;
  return { fetchImpl, requests };
}
