/** A recorded answer of a provider's endpoint: the HTTP status and the JSON body it sent. */
export interface RecordedAnswer {
  status: number;
  body: unknown;
}

/**
 * A `fetch` for provider tests that replays recorded answers, keyed by the requested URL without its
 * query, and keeps every request (its URL as given and its `init`) for the test to inspect. A list
 * answers in turn and its last answer repeats; a URL with no recording answers 599 "not recorded", so
 * a call the test did not expect fails loudly instead of reaching the network.
 */
export function replayFetch(routes: Record<string, RecordedAnswer | RecordedAnswer[]>): {
  fetchImpl: typeof fetch;
  requests: { url: string; init?: RequestInit }[];
} {
  const requests: { url: string; init?: RequestInit }[] = [];
  const queues = new Map(Object.entries(routes).map(([k, v]) => [k, [v].flat()]));
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, init });
    const queue = queues.get(url.split('?')[0]!);
    const hit = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!hit) return new Response('not recorded', { status: 599 });
    return new Response(JSON.stringify(hit.body), {
      status: hit.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetchImpl, requests };
}
