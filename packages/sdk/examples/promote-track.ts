import { ApiCallError, type Client, createClient } from '@lm/sdk';

/** Signs in, buys `coins` by card (the sandbox's test page stands in for Stripe), orders a placement. */
export async function promoteTrack(baseUrl: string, email: string, password: string, trackLink: string) {
  // 1. Sign in. (With an API key made in the account, skip this: createClient({ baseUrl, apiKey }).)
  const guest = createClient({ baseUrl, language: 'en' });
  const login = await guest.POST('/api/user/login', { body: { email, password } });
  if (!('token' in login.data))
    throw new Error('two-factor account: POST /api/login-2fa with the e-mailed code');
  const api = createClient({ baseUrl, token: login.data.token, language: 'en' });

  // 2. Buy coins: start a card checkout; the buyer pays on its page (`url`). In the sandbox, the
  //    page's "Pay" button is an empty form posted to `${url}/complete`.
  const checkout = await api.POST('/api/wallet/user/recharge/coins', {
    body: { coins: 500, method: 'card' },
  });
  const sessionId = checkout.data.session_id;
  if (!sessionId) throw new Error('a card checkout answers its session id');
  if (checkout.data.sandbox) {
    await fetch(`${checkout.data.url}/complete`, {
      method: 'POST',
      body: new URLSearchParams(),
      redirect: 'manual',
    });
  }
  const paid = await api.POST('/api/stripe/checkout/check/pay', { body: { session_id: sessionId } });
  if (paid.data.status !== 'paid') throw new Error(`payment ${paid.data.status}`);

  // 3. Order a placement on the first playlist on sale, paid with the coins just bought.
  const playlists = await api.GET('/api/express/artist/playlists', { params: { query: { limit: 10 } } });
  const playlist = playlists.data[0];
  if (!playlist) throw new Error('no playlist on sale');
  try {
    const created = await api.POST('/api/express/artist/campaign/create', {
      body: { track_link: trackLink, playlist_ids: [playlist.id], payment_method: 'coins' },
    });
    return { api, campaignId: created.data[0]!.id, coins: paid.data.coins };
  } catch (error) {
    // 422 names the field (`errors.track_link`), 409 a playlist already promoting this track.
    if (error instanceof ApiCallError) console.error(error.status, error.message, error.errors);
    throw error;
  }
}

/** 4. Follow the campaign: yields its status each time it changes, polling every `intervalMs`. */
export async function* followStatus(api: Client, campaignId: number, intervalMs = 5_000) {
  let last: number | undefined;
  for (;;) {
    const { data } = await api.GET('/api/express/artist/show/campaign/{id}', {
      params: { path: { id: campaignId } },
    });
    if (data.status.id !== last) {
      last = data.status.id;
      yield data.status; // { id, status }: "Pending for Approval", "Approved", ... "Completed"
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
