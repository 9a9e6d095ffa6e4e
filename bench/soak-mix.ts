/**
 * The soak's workload (`soak.ts`): a working day of the marketplace as one stream of HTTP calls,
 * each drawn by weight from the operations below. Every call is one real route with a valid body,
 * made by the user who would make it: artists browse offers, buy campaigns, read their campaigns,
 * write to sellers and export their results; the demo curators open their inbox, listen to each
 * request for `min_listen_seconds` (two player events that far apart), approve or decline it with
 * feedback, place the track and submit the placement; payees (curators without playlists) quote,
 * confirm with the mailed code and request payouts; staff list, filter and approve.
 *
 * The multi-step flows (listen, decide, place, submit; quote, code, verify, request) advance one step
 * per call: an operation whose flow has nothing ready (no pending request yet, the listening not long
 * enough) sends its stand-in instead, the read its user would make meanwhile (the seller's inbox, the
 * payee's payout list), so the arrival rate stays the one asked for. Stand-ins are counted.
 */
import type { Call, Group } from './soak-driver';

/** A signed-in user of the soak. */
export interface Member {
  id: number;
  email: string;
  token: string;
}

/** A curator or influencer who withdraws: a stored Wise recipient. */
export interface Payee extends Member {
  recipientId: number;
}

/** An express playlist on sale, and which of `World.sellers` owns it. */
export interface Offer {
  id: number;
  spotifyId: string;
  seller: number;
  price: number;
}

/** Everything the mix calls with, prepared by `soak.ts` through the product's APIs. */
export interface World {
  artists: Member[];
  sellers: Member[];
  payees: Payee[];
  adminToken: string;
  offers: Offer[];
  /** A decline reason of the Spotify list. */
  reasonId: number;
  /** The `min_listen_seconds` setting. */
  minListenSeconds: number;
  /** Genre ids the offer search filters by. */
  genreIds: number[];
  /** A CRM list of leads staff export. */
  crmListId: number;
  /** Coins of one payout request. */
  payoutCoins: number;
  /** The six-digit code of the payee's latest withdrawal mail (read from the outbox), or null. */
  readPayoutCode: (email: string) => Promise<string | null>;
}

interface Campaign {
  id: number;
  artist: number;
  seller: number;
  offer: Offer;
  track: string;
  /** When the seller's player started (ms, `performance.now()`). */
  playAt?: number;
  lastMessageId?: number;
}

type PayeeStep = 'idle' | 'quoted' | 'coded' | 'verified' | 'requested';
interface PayeeState {
  payee: Payee;
  step: PayeeStep;
  busy: boolean;
  readyAt: number;
  quoteId?: string;
  code?: string;
}

/** One operation of the mix: its weight, and its call (null: nothing ready, send the stand-in). */
interface Operation {
  name: string;
  group: Group;
  weight: number;
  call: () => Call | null;
  standIn?: () => Call;
}

const FEEDBACK =
  'Thank you for the pitch. The chorus is strong but the mix feels crowded in the low end, and the vocal sits behind the drums for most of the song.';
const RECENT = 2_000;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number) => Math.random() < p;

/** A random Spotify id (22 base-62 characters): a track nobody promotes yet. */
export function spotifyId(): string {
  const abc = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let out = '';
  for (let i = 0; i < 22; i++) out += abc[Math.floor(Math.random() * abc.length)];
  return out;
}

const dataOf = <T>(data: unknown): T | undefined => (data as { data?: T } | null)?.data;

/** The workload's state (campaigns in their flows, payees' steps) and its operations. */
export class Mix {
  /** Calls made per operation, and how many of them were the operation's stand-in. */
  readonly made = new Map<string, number>();
  readonly standIns = new Map<string, number>();
  /** Every campaign bought during the run, and every payout requested. */
  readonly campaignIds: number[] = [];
  readonly payoutIds: number[] = [];
  /** The first unexpected answers of the flows (for the log). */
  readonly surprises: string[] = [];

  private readonly recent: Campaign[] = [];
  private readonly pending: Campaign[] = [];
  private readonly listening: Campaign[] = [];
  private readonly listened: Campaign[] = [];
  private readonly approved: Campaign[] = [];
  private readonly placed: Campaign[] = [];
  private readonly staffQueue: number[] = [];
  private readonly payees: PayeeState[];
  /** Message times per sender (`a<id>` / `s<id>`), to stay under the product's 10 a minute. */
  private readonly sent = new Map<string, number[]>();
  private readonly operations: Operation[];
  private readonly totalWeight: number;

  constructor(private readonly world: World) {
    this.payees = world.payees.map((payee) => ({ payee, step: 'idle', busy: false, readyAt: 0 }));
    this.operations = this.defineOperations();
    this.totalWeight = this.operations.reduce((sum, op) => sum + op.weight, 0);
  }

  /** The operations with their weights (share of all calls), for the report. */
  weights(): { name: string; group: Group; share: number }[] {
    return this.operations.map((op) => ({
      name: op.name,
      group: op.group,
      share: op.weight / this.totalWeight,
    }));
  }

  /** The next call: an operation drawn by weight, or its stand-in when its flow has nothing ready. */
  next(): Call {
    let r = Math.random() * this.totalWeight;
    let op = this.operations[0]!;
    for (const candidate of this.operations) {
      r -= candidate.weight;
      if (r < 0) {
        op = candidate;
        break;
      }
    }
    this.made.set(op.name, (this.made.get(op.name) ?? 0) + 1);
    const call = op.call();
    if (call) return call;
    this.standIns.set(op.name, (this.standIns.get(op.name) ?? 0) + 1);
    return (op.standIn ?? this.sellerInbox)();
  }

  /** Start counting calls afresh (after the capacity run). */
  resetCounts(): void {
    this.made.clear();
    this.standIns.clear();
  }

  /** Campaigns waiting in each step of the sellers' flow, and payouts waiting for staff. */
  backlog(): Record<string, number> {
    return {
      pending: this.pending.length,
      listening: this.listening.length + this.listened.length,
      approved: this.approved.length + this.placed.length,
      payouts: this.staffQueue.length,
    };
  }

  private surprise(what: string, status: number, data: unknown): void {
    if (this.surprises.length < 20)
      this.surprises.push(`${what}: ${status} ${JSON.stringify(data).slice(0, 300)}`);
  }

  private artist = () => pick(this.world.artists);
  private admin = () => this.world.adminToken;

  // Browsing.

  private userInfo = (): Call => {
    const who = chance(0.7)
      ? this.artist()
      : chance(0.5)
        ? pick(this.world.sellers)
        : pick(this.world.payees);
    return {
      route: 'GET /api/user/info',
      group: 'browse',
      method: 'GET',
      path: '/api/user/info',
      token: who.token,
    };
  };

  private balance = (): Call => ({
    route: 'GET /api/wallet/user/current/balance',
    group: 'browse',
    method: 'GET',
    path: '/api/wallet/user/current/balance',
    token: this.artist().token,
  });

  private offerSearch = (): Call => {
    const filters = pick([
      `genre_id=${pick(this.world.genreIds)}&sort=score_desc`,
      'sort=price_asc',
      `genre_id=${pick(this.world.genreIds)}&min_price=1&max_price=500&sort=followers_desc`,
      'mood=chill&made_with_ai=false',
    ]);
    return {
      route: 'GET /api/express/artist/playlists',
      group: 'browse',
      method: 'GET',
      path: `/api/express/artist/playlists?page=1&limit=10&${filters}`,
      token: this.artist().token,
    };
  };

  private offerProfile = (): Call => ({
    route: 'GET /api/express/playlists/:id/profile',
    group: 'browse',
    method: 'GET',
    path: `/api/express/playlists/${pick(this.world.offers).id}/profile`,
    token: this.artist().token,
  });

  private campaignDetail = (): Call | null => {
    const c = this.recent.length > 0 ? pick(this.recent) : null;
    if (!c) return null;
    return {
      route: 'GET /api/express/artist/show/campaign/:id',
      group: 'browse',
      method: 'GET',
      path: `/api/express/artist/show/campaign/${c.id}`,
      token: this.world.artists[c.artist]!.token,
    };
  };

  private notifications = (): Call => ({
    route: 'GET /api/notifications',
    group: 'browse',
    method: 'GET',
    path: '/api/notifications?page=1&limit=10',
    token: chance(0.5) ? this.artist().token : pick(this.world.sellers).token,
  });

  // Purchases.

  private purchase = (): Call => {
    const artist = Math.floor(Math.random() * this.world.artists.length);
    const offer = pick(this.world.offers);
    const track = spotifyId();
    return {
      route: 'POST /api/express/artist/campaign/create',
      group: 'purchase',
      method: 'POST',
      path: '/api/express/artist/campaign/create',
      token: this.world.artists[artist]!.token,
      body: {
        track_link: `https://open.spotify.com/track/${track}`,
        playlist_ids: [offer.id],
        pitch: 'A warm late-night song about leaving a small town; it sits well next to your slower tracks.',
        made_with_ai: false,
        payment_method: 'coins',
      },
      json: true,
      done: (status, data) => {
        if (status !== 201) return this.surprise('purchase', status, data);
        for (const { id } of dataOf<{ id: number }[]>(data) ?? []) {
          const c: Campaign = { id, artist, seller: offer.seller, offer, track };
          this.campaignIds.push(id);
          this.pending.push(c);
          this.recent.push(c);
          if (this.recent.length > RECENT) this.recent.shift();
        }
      },
    };
  };

  // The sellers' flow.

  private sellerInbox = (): Call => ({
    route: 'GET /api/express/curator/playlist/campaigns',
    group: 'decide',
    method: 'GET',
    path: '/api/express/curator/playlist/campaigns?page=1&limit=10&filter%5Bstatus%5D=1',
    token: pick(this.world.sellers).token,
  });

  private sellerDetail = (): Call => {
    const c = this.recent.length > 0 ? pick(this.recent) : null;
    if (!c) return this.sellerInbox();
    return {
      route: 'GET /api/express/curator/shows/campaigns/:id',
      group: 'decide',
      method: 'GET',
      path: `/api/express/curator/shows/campaigns/${c.id}`,
      token: this.world.sellers[c.seller]!.token,
    };
  };

  private listenCall(c: Campaign, event: 'play' | 'progress', position: number, done: Call['done']): Call {
    return {
      route: 'POST /api/express/campaigns/:id/listen',
      group: 'decide',
      method: 'POST',
      path: `/api/express/campaigns/${c.id}/listen`,
      token: this.world.sellers[c.seller]!.token,
      body: { event, position },
      json: true,
      done,
    };
  }

  private listenStart = (): Call | null => {
    const c = this.pending.shift();
    if (!c) return null;
    return this.listenCall(c, 'play', 0, (status, data) => {
      if (status !== 200) return this.surprise('listen play', status, data);
      c.playAt = performance.now();
      this.listening.push(c);
    });
  };

  private listenDone = (): Call | null => {
    const first = this.listening[0];
    const needMs = (this.world.minListenSeconds + 2) * 1000;
    if (!first || performance.now() - (first.playAt ?? 0) < needMs) return null;
    const c = this.listening.shift()!;
    return this.listenCall(c, 'progress', this.world.minListenSeconds + 1, (status, data) => {
      if (status !== 200) return this.surprise('listen progress', status, data);
      if (!dataOf<{ can_decide: boolean }>(data)?.can_decide)
        return this.surprise('listen progress', status, data);
      this.listened.push(c);
    });
  };

  private decision = (): Call | null => {
    const c = this.listened.shift();
    if (!c) return null;
    const token = this.world.sellers[c.seller]!.token;
    if (chance(0.25))
      return {
        route: 'POST /api/express/curator/decline/campaign',
        group: 'decide',
        method: 'POST',
        path: '/api/express/curator/decline/campaign',
        token,
        body: { campaign_id: c.id, reason_id: this.world.reasonId, feedback: FEEDBACK },
        json: true,
        done: (status, data) => {
          if (status !== 200) this.surprise('decline', status, data);
        },
      };
    return {
      route: 'POST /api/express/curator/approve/campaign',
      group: 'decide',
      method: 'POST',
      path: '/api/express/curator/approve/campaign',
      token,
      body: { campaign_id: c.id },
      json: true,
      done: (status, data) => {
        if (status !== 200) return this.surprise('approve', status, data);
        this.approved.push(c);
      },
    };
  };

  /** The seller puts the track on the playlist (the Spotify sandbox's placement control). */
  private placement = (): Call | null => {
    const c = this.approved.shift();
    if (!c) return null;
    return {
      route: 'POST /api/sandbox/spotify/playlists/:playlistId/tracks',
      group: 'decide',
      method: 'POST',
      path: `/api/sandbox/spotify/playlists/${c.offer.spotifyId}/tracks`,
      body: { track_id: c.track },
      json: true,
      done: (status, data) => {
        if (status !== 200 && status !== 201) return this.surprise('placement', status, data);
        this.placed.push(c);
      },
    };
  };

  private submission = (): Call | null => {
    const c = this.placed.shift();
    if (!c) return null;
    return {
      route: 'POST /api/express/track/exists',
      group: 'decide',
      method: 'POST',
      path: '/api/express/track/exists',
      token: this.world.sellers[c.seller]!.token,
      body: { track_id: c.track, playlist_id: c.offer.id, campaign_id: c.id },
      json: true,
      done: (status, data) => {
        if (status !== 200 || !dataOf<{ found: boolean }>(data)?.found)
          this.surprise('submission', status, data);
      },
    };
  };

  // Messages.

  /**
   * Whether `sender` may write now: 6 in the last minute at most. The product allows 10 a minute by its
   * own clock; a slow minute delivers a burst of calls due over more than a minute within one.
   */
  private mayWrite(sender: string): boolean {
    const now = performance.now();
    const times = (this.sent.get(sender) ?? []).filter((t) => now - t < 61_000);
    this.sent.set(sender, times);
    if (times.length >= 6) return false;
    times.push(now);
    return true;
  }

  private writeCall(c: Campaign, token: string, side: string): Call {
    return {
      route: 'POST /api/express/campaigns/:id/messages',
      group: 'message',
      method: 'POST',
      path: `/api/express/campaigns/${c.id}/messages`,
      token,
      body: {
        body: `Hello from the ${side}: how is the song doing on ${c.offer.spotifyId}? Write back any time.`,
      },
      json: true,
      done: (status, data) => {
        if (status !== 201) return this.surprise('message', status, data);
        c.lastMessageId = dataOf<{ id: number }>(data)?.id ?? c.lastMessageId;
      },
    };
  }

  private artistWrites = (): Call | null => {
    const c = this.recent.length > 0 ? pick(this.recent) : null;
    if (!c || !this.mayWrite(`a${c.artist}`)) return null;
    return this.writeCall(c, this.world.artists[c.artist]!.token, 'artist');
  };

  private sellerWrites = (): Call | null => {
    const c = this.recent.length > 0 ? pick(this.recent) : null;
    if (!c || !this.mayWrite(`s${c.seller}`)) return null;
    return this.writeCall(c, this.world.sellers[c.seller]!.token, 'curator');
  };

  private readThread = (): Call => {
    const c = this.recent.length > 0 ? pick(this.recent) : null;
    if (!c) return this.notifications();
    const token = chance(0.5) ? this.world.artists[c.artist]!.token : this.world.sellers[c.seller]!.token;
    return {
      route: 'GET /api/express/campaigns/:id/messages',
      group: 'message',
      method: 'GET',
      path: `/api/express/campaigns/${c.id}/messages?limit=50`,
      token,
    };
  };

  private markRead = (): Call | null => {
    const c = this.recent.findLast((x) => x.lastMessageId !== undefined);
    if (!c) return null;
    const token = chance(0.5) ? this.world.artists[c.artist]!.token : this.world.sellers[c.seller]!.token;
    return {
      route: 'POST /api/express/campaigns/:id/messages/read',
      group: 'message',
      method: 'POST',
      path: `/api/express/campaigns/${c.id}/messages/read`,
      token,
      body: { up_to_id: c.lastMessageId },
    };
  };

  // Payouts.

  private payeeList = (): Call => ({
    route: 'GET /api/curator/payouts',
    group: 'payout',
    method: 'GET',
    path: '/api/curator/payouts?page=1&limit=10',
    token: pick(this.world.payees).token,
  });

  /** The payee's next step: quote, send the code, verify it, request the payout, see it paid. */
  private payeeStep = (): Call | null => {
    const now = performance.now();
    const s = this.payees.find((x) => !x.busy && x.readyAt <= now);
    if (!s) return null;
    s.busy = true;
    const { payee } = s;
    const again = (step: PayeeStep, afterMs = 0) => {
      s.step = step;
      s.busy = false;
      s.readyAt = performance.now() + afterMs;
    };
    const failed = (what: string, status: number, data: unknown) => {
      this.surprise(what, status, data);
      // A payout still open (409) is waited for; anything else starts again a little later.
      again(status === 409 ? 'requested' : 'idle', 10_000);
    };
    const base = { group: 'payout' as const, token: payee.token, json: true };
    switch (s.step) {
      case 'idle':
        return {
          ...base,
          route: 'GET /api/payments/wise/create/quote/payouts',
          method: 'GET',
          path: `/api/payments/wise/create/quote/payouts?recipient_id=${payee.recipientId}&coins=${this.world.payoutCoins}`,
          done: (status, data) => {
            const id = dataOf<{ id: string }>(data)?.id;
            if (status !== 200 || !id) return failed('quote', status, data);
            s.quoteId = id;
            again('quoted');
          },
        };
      case 'quoted':
        return {
          ...base,
          route: 'POST /api/payments/send/verification/code',
          method: 'POST',
          path: '/api/payments/send/verification/code',
          body: { quote_id: s.quoteId },
          done: (status, data) => {
            if (status !== 200) return failed('send code', status, data);
            // The payee reads the mail: the bench reads the outbox.
            void this.world.readPayoutCode(payee.email).then(
              (code) => {
                if (!code) return failed('read code', status, 'no code mail');
                s.code = code;
                again('coded');
              },
              (err: unknown) => failed('read code', 0, String(err)),
            );
          },
        };
      case 'coded':
        return {
          ...base,
          route: 'POST /api/payments/verify/code',
          method: 'POST',
          path: '/api/payments/verify/code',
          body: { quote_id: s.quoteId, code: s.code },
          done: (status, data) => (status === 200 ? again('verified') : failed('verify code', status, data)),
        };
      case 'verified':
        return {
          ...base,
          route: 'POST /api/payments/wise/create/transfer',
          method: 'POST',
          path: '/api/payments/wise/create/transfer',
          body: { quote_id: s.quoteId },
          done: (status, data) => {
            const id = dataOf<{ id: number }>(data)?.id;
            if (status !== 201 || !id) return failed('request payout', status, data);
            this.payoutIds.push(id);
            this.staffQueue.push(id);
            again('requested', 5_000);
          },
        };
      case 'requested':
        return {
          ...base,
          route: 'GET /api/payments/wise/unpaid/payouts/check',
          method: 'GET',
          path: '/api/payments/wise/unpaid/payouts/check',
          done: (status, data) => {
            if (status !== 200) return failed('unpaid check', status, data);
            const open = dataOf<{ has_unpaid: boolean }>(data)?.has_unpaid;
            again(open ? 'requested' : 'idle', open ? 5_000 : 0);
          },
        };
    }
  };

  private staffRequests = (): Call => ({
    route: 'GET /api/admin/payouts/requests',
    group: 'payout',
    method: 'GET',
    path: '/api/admin/payouts/requests?page=1&limit=10',
    token: this.admin(),
  });

  /** Staff decide the oldest request: nine in ten approved (the worker funds them), one declined. */
  private staffDecides = (): Call | null => {
    const id = this.staffQueue.shift();
    if (id === undefined) return null;
    const decline = chance(0.1);
    return {
      route: decline ? 'POST /api/admin/payouts/:id/decline' : 'POST /api/admin/payouts/:id/approve',
      group: 'payout',
      method: 'POST',
      path: `/api/admin/payouts/${id}/${decline ? 'decline' : 'approve'}`,
      token: this.admin(),
      body: decline ? { reason: 'The account holder name does not match the profile.' } : undefined,
      json: true,
      done: (status, data) => {
        if (status !== 200) this.surprise('staff decision', status, data);
      },
    };
  };

  // Lists.

  private list(route: string, query: string, token: string): Call {
    return { route: `GET ${route}`, group: 'list', method: 'GET', path: `${route}?${query}`, token };
  }

  // Exports.

  private exportCall(route: string, path: string, token: string): Call {
    return { route: `GET ${route}`, group: 'export', method: 'GET', path, token };
  }

  private defineOperations(): Operation[] {
    const w = this.world;
    const artistToken = () => this.artist().token;
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    return [
      { name: 'user info', group: 'browse', weight: 6, call: this.userInfo },
      { name: 'balance', group: 'browse', weight: 6, call: this.balance },
      { name: 'offer search', group: 'browse', weight: 7, call: this.offerSearch },
      { name: 'offer profile', group: 'browse', weight: 3, call: this.offerProfile },
      {
        name: 'campaign detail',
        group: 'browse',
        weight: 5,
        call: this.campaignDetail,
        standIn: this.offerSearch,
      },
      { name: 'notifications', group: 'browse', weight: 2, call: this.notifications },
      { name: 'purchase', group: 'purchase', weight: 5, call: this.purchase },
      { name: 'seller inbox', group: 'decide', weight: 2, call: this.sellerInbox },
      { name: 'seller reads a request', group: 'decide', weight: 1, call: this.sellerDetail },
      { name: 'listen: play', group: 'decide', weight: 5, call: this.listenStart },
      { name: 'listen: heard enough', group: 'decide', weight: 5, call: this.listenDone },
      { name: 'approve or decline', group: 'decide', weight: 5, call: this.decision },
      {
        name: 'place the track',
        group: 'decide',
        weight: 4,
        call: this.placement,
        standIn: this.sellerDetail,
      },
      {
        name: 'submit the placement',
        group: 'decide',
        weight: 4,
        call: this.submission,
        standIn: this.sellerDetail,
      },
      {
        name: 'artist writes',
        group: 'message',
        weight: 5,
        call: this.artistWrites,
        standIn: this.readThread,
      },
      {
        name: 'seller writes',
        group: 'message',
        weight: 1,
        call: this.sellerWrites,
        standIn: this.readThread,
      },
      { name: 'read a thread', group: 'message', weight: 3, call: this.readThread },
      { name: 'mark read', group: 'message', weight: 1, call: this.markRead, standIn: this.readThread },
      { name: 'payee step', group: 'payout', weight: 5, call: this.payeeStep, standIn: this.payeeList },
      { name: 'staff: payout requests', group: 'payout', weight: 1, call: this.staffRequests },
      {
        name: 'staff: decide a payout',
        group: 'payout',
        weight: 1,
        call: this.staffDecides,
        standIn: this.staffRequests,
      },
      {
        name: 'artist: campaigns by status',
        group: 'list',
        weight: 3,
        call: () =>
          this.list(
            '/api/express/artist/campaigns',
            `page=1&limit=10&filter%5Bstatus%5D=${pick([1, 2, 7])}`,
            artistToken(),
          ),
      },
      {
        name: 'artist: transactions',
        group: 'list',
        weight: 3,
        call: () =>
          this.list(
            '/api/wallet/user/transaction',
            `page=1&limit=10${pick(['', '&filter%5Bdesc_id%5D=2', '&filter%5Bdesc_id%5D=3'])}`,
            artistToken(),
          ),
      },
      {
        name: 'staff: users',
        group: 'list',
        weight: 3,
        call: () =>
          this.list(
            '/api/admin/users',
            pick([
              'page=1&limit=10',
              'page=1&limit=10&filter%5Bname%5D=soak',
              'page=2&limit=25&filter%5Buser_type_id%5D=2',
            ]),
            this.admin(),
          ),
      },
      {
        name: 'staff: express campaigns',
        group: 'list',
        weight: 3,
        call: () =>
          this.list(
            '/api/admin/express/campaigns',
            `page=1&limit=10&filter%5Bstatus%5D=${pick([1, 2, 3, 7])}`,
            this.admin(),
          ),
      },
      {
        name: 'staff: payouts',
        group: 'list',
        weight: 1,
        call: () =>
          this.list(
            '/api/admin/payouts',
            `page=1&limit=10&filter%5Bstatus_id%5D=${pick([2, 3])}`,
            this.admin(),
          ),
      },
      {
        name: 'staff: audit log',
        group: 'list',
        weight: 2,
        call: () =>
          this.list(
            '/api/admin/audit-logs',
            pick([
              'page=1&limit=10',
              'page=1&limit=10&filter%5Baction%5D=express.created',
              'page=1&limit=10&filter%5Baction%5D=payouts.approved',
            ]),
            this.admin(),
          ),
      },
      {
        name: 'staff: wallet transactions',
        group: 'list',
        weight: 2,
        call: () => this.list('/api/admin/wallet/transactions', 'page=1&limit=10', this.admin()),
      },
      {
        name: 'staff: 30-day report',
        group: 'list',
        weight: 1,
        call: () => this.list('/api/admin/reports', `from=${monthAgo}&to=${today}`, this.admin()),
      },
      {
        name: 'artist: results CSV',
        group: 'export',
        weight: 3,
        call: () => this.exportCall('/api/results/export.csv', '/api/results/export.csv', artistToken()),
      },
      {
        name: 'artist: results PDF',
        group: 'export',
        weight: 1,
        call: () => this.exportCall('/api/results/report.pdf', '/api/results/report.pdf', artistToken()),
      },
      {
        name: 'staff: CRM list CSV',
        group: 'export',
        weight: 1,
        call: () =>
          this.exportCall(
            '/api/admin/crm/lists/:id/export',
            `/api/admin/crm/lists/${w.crmListId}/export`,
            this.admin(),
          ),
      },
    ];
  }
}
