/**
 * Keys of Spotify express in the user app; `all` refreshes every one after a campaign, playlist or
 * connection changes. `buyer` is who orders (an artist, or a curator promoting a track of their own).
 */
export const expressKeys = {
  all: ['express'] as const,
  tiers: ['express', 'tiers'] as const,
  durations: ['express', 'durations'] as const,
  reasons: ['express', 'reasons'] as const,
  /** A TikTok or Instagram seller's decline reasons; under `reasons` so one refresh covers all. */
  sellerReasons: (platform: string) => ['express', 'reasons', platform] as const,
  genres: (q: string) => ['express', 'genres', q] as const,
  /** The wizard's playlist list: `filters` are the step's filters and sort (`offerFilterQuery`). */
  artistPlaylists: (
    filters: Record<string, string | null>,
    buyer = 'artist',
    madeWithAi: boolean | null = null,
  ) => ['express', 'artist-playlists', buyer, filters, madeWithAi] as const,
  cardQuote: (playlistIds: readonly number[]) => ['express', 'card-quote', playlistIds] as const,
  campaign: (role: 'artist' | 'curator', id: number) => ['express', 'campaign', role, id] as const,
  renewCheck: (campaignId: number) => ['express', 'renew-check', campaignId] as const,
  connections: ['express', 'connections'] as const,
  playlist: (id: number) => ['express', 'playlist', id] as const,
  dashboard: ['express', 'dashboard'] as const,
  videos: (platform: string, campaignId: number) => ['express', 'videos', platform, campaignId] as const,
  /**
   * What the seller hears of a request before deciding (`express/campaigns/{id}/listen`), or a
   * curator of a custom campaign before opting in (`curator/campaign/{id}/listen`).
   */
  listen: (kind: 'express' | 'custom', campaignId: number) =>
    ['express', 'listen', kind, campaignId] as const,
  /** A campaign's conversation (`express/campaigns/{id}/messages`, any platform). */
  messages: (campaignId: number) => ['express', 'messages', campaignId] as const,
  /** A campaign's daily history (`express/campaigns/{id}/checks`, any platform). */
  checks: (campaignId: number) => ['express', 'checks', campaignId] as const,
  /** The offers artists choose from (profiles, matched suggestions): under `all`, so a playlist change refreshes them. */
  offers: ['express', 'offers'] as const,
  /** One offer's profile: `playlist` or the creator platform's key, and the offer's id. */
  offerProfile: (kind: string, id: number) => ['express', 'offers', 'profile', kind, id] as const,
  /** The matched suggestions for a track (the song step's answers, as query parameters). */
  matched: (kind: string, buyer: string, query: Record<string, unknown>) =>
    ['express', 'offers', 'matched', kind, buyer, query] as const,
};

/** Keys of TikTok and Instagram express campaigns in the user app, per platform. */
export const socialExpressKeys = {
  all: ['social-express'] as const,
  tiers: (platform: string) => ['social-express', platform, 'tiers'] as const,
  /** The wizard's account list: `filters` are the step's filters and sort (`offerFilterQuery`). */
  accounts: (platform: string, filters: Record<string, string | null>, madeWithAi: boolean | null = null) =>
    ['social-express', platform, 'accounts', filters, madeWithAi] as const,
  campaign: (platform: string, id: number) => ['social-express', platform, 'campaign', id] as const,
  renewCheck: (platform: string, id: number) => ['social-express', platform, 'renew-check', id] as const,
};

/** Keys of the back-office's express screens; `all` refreshes every one after a staff change. */
export const adminExpressKeys = {
  all: ['admin-express'] as const,
  lookup: (kind: string) => ['admin-express', kind] as const,
  playlist: (id: number) => ['admin-express', 'playlist', id] as const,
  campaign: (id: number) => ['admin-express', 'campaign', id] as const,
  socialCampaign: (platform: string, id: number) => ['admin-express', 'social', platform, id] as const,
  /** A campaign's conversation, read-only for staff (any platform). */
  messages: (id: number) => ['admin-express', 'messages', id] as const,
  /** A campaign's daily history (any platform). */
  checks: (id: number) => ['admin-express', 'checks', id] as const,
  playlistOptions: ['admin-express', 'playlist-options'] as const,
  /** The users staff may act for; never refreshed by a change (a picker's search). */
  behalfUsers: (path: string, q: string, id: number) => ['behalf', path, q, id] as const,
};

/** Keys of the back-office's TikTok and Instagram lookups (tiers, durations) and a user's accounts. */
export const adminSocialKeys = {
  all: ['admin-social'] as const,
  lookup: (platform: string, kind: string) => ['admin-social', platform, kind] as const,
  connections: (userId: number) => ['admin-social', 'connections', userId] as const,
};
