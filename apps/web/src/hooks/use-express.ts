import { LIMITS, type SessionUser } from '@lm/contracts';
import type { CampaignChecks } from '@lm/contracts/campaign-checks';
import type {
  CampaignMessage,
  CampaignMessages,
  CampaignMessagesReadAnswer,
} from '@lm/contracts/campaign-messages';
import type {
  CampaignCheckout,
  ExpressDeclineBody,
  ExpressFeedbackRating,
  ExpressFeedbackRatingBody,
  ExpressListenProgress,
  ExpressListenView,
  ExpressRenewCheck,
  ExpressSocialCampaign,
  ExpressWithdrawn,
  PlaylistPreview,
  SocialSubmit,
  SocialVideo,
  SpotifyConnection,
  SpotifyTrack,
} from '@lm/contracts/express';
import type { TopUpQuote } from '@lm/contracts/money';
import type { MatchedPlaylist, Mood, OfferProfileEdit } from '@lm/contracts/offers';
import {
  type ApiClient,
  type ApiPath,
  type ExpressCampaign,
  type ExpressCampaignDetail,
  type ExpressCampaignStats,
  type ExpressDuration,
  type ExpressPerformance,
  type ExpressPlaylist,
  type ExpressReason,
  type ExpressTier,
  expressKeys,
  payoutKeys,
  socialExpressKeys,
  type TouchedData,
  useApi,
  useSession,
  walletKeys,
} from '@lm/ui';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Settlement } from './use-wallet';

/**
 * Who orders Spotify placements: an artist, or a curator promoting a track of their
 * own (`/express/checkout`), on the same engine through the curators' paths.
 */
export type ExpressBuyer = 'artist' | 'curator';

/** The order's API paths per buyer. */
export const EXPRESS_BUYER_PATHS = {
  artist: {
    playlists: 'express/artist/playlists',
    create: 'express/artist/campaign/create',
    mine: 'express/artist/campaigns',
  },
  curator: {
    playlists: 'express/curator/checkout/playlists',
    create: 'express/curator/checkout',
    mine: 'express/curator/checkout/campaigns',
  },
} as const satisfies Record<
  ExpressBuyer,
  { playlists: ApiPath<'get'>; create: ApiPath<'post'>; mine: ApiPath<'get'> }
>;

export type { PlaylistPreview, SpotifyConnection, SpotifyTrack } from '@lm/contracts/express';

/**
 * The data a change of an express campaign, playlist or connection touches: every
 * Spotify, TikTok and Instagram express query, their lists (`express/...`, `express-tiktok/...`,
 * `express-instagram/...`) and the dashboard's campaigns. Named in each mutation's `meta.invalidates`;
 * the query client refreshes it once the mutation succeeds (packages/ui createQueryClient).
 */
export const EXPRESS_DATA: readonly TouchedData[] = [
  expressKeys.all,
  socialExpressKeys.all,
  { list: 'express' },
];

/** What a campaign paid with coins touches: the express data, the balance and the wallet's lists. */
export const EXPRESS_PAYMENT_DATA: readonly TouchedData[] = [
  ...EXPRESS_DATA,
  walletKeys.balance,
  { list: 'wallet/' },
  { list: 'artist/invoices' },
];

/** What a seller's submission touches: the express data and the seller's earnings (paid on completion). */
export const EXPRESS_EARNING_DATA: readonly TouchedData[] = [
  ...EXPRESS_DATA,
  payoutKeys.all,
  { list: 'curator/' },
];

export function useExpressTiers() {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.tiers,
    queryFn: async () => (await api.get<ExpressTier[]>('express/curator/all-tiers')).data,
    staleTime: 60_000,
  });
}

export function useExpressDurations() {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.durations,
    queryFn: async () => (await api.get<ExpressDuration[]>('express/curator/all-durations')).data,
    staleTime: 60_000,
  });
}

export function useDeclineReasons(enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.reasons,
    queryFn: async () => (await api.get<ExpressReason[]>('express/curator/campaign/reasons')).data,
    staleTime: 60_000,
    enabled,
  });
}

/** Genres for the playlist forms; a search needs at least 3 characters (spec section 5). */
export function useExpressGenres(q: string) {
  const { api } = useApi();
  const search = q.trim().length >= 3 ? q.trim() : '';
  return useQuery({
    queryKey: expressKeys.genres(search),
    queryFn: async () =>
      (
        await api.get<{ id: number; name: string }[]>('express/curator/playlist/genres', {
          // The whole list: the pickers search it on the page (the first 100 missed Turkish, techno...).
          query: { q: search || undefined, limit: LIMITS.genreLookupMax },
          silent: true,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET spotify/get-track?link=: the track's name, artists and cover ('Not A valid Track' otherwise). */
export function useTrackLookup() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (link: string) =>
      (
        await api.get<{ result_code: number; track: SpotifyTrack }>('spotify/get-track', {
          query: { link },
          silent: true,
        })
      ).data.track,
  });
}

/**
 * Approved playlists an artist can choose, by genre and tier; sorted by quality score (`sort`
 * score_desc/score_asc, else most followers) and filtered by a minimum score on the server.
 */
export function useArtistPlaylists(
  /** The step's filters and sort (`offerFilterQuery` names: genre_id, mood, language_id, min_price...). */
  filters: Record<string, string | null>,
  buyer: ExpressBuyer = 'artist',
  /** The artist's declaration: true leaves out the playlists that take no AI-made music. */
  madeWithAi: boolean | null = null,
) {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.artistPlaylists(filters, buyer, madeWithAi),
    queryFn: async () =>
      (
        await api.list<ExpressPlaylist>(EXPRESS_BUYER_PATHS[buyer].playlists, {
          query: {
            page: 1,
            limit: 100,
            ...filters,
            made_with_ai: madeWithAi === null ? null : String(madeWithAi),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** What the song step says of the track, for the matched suggestions (`matchQuery`). */
export interface TrackTraits {
  genreIds: number[];
  moods: Mood[];
  languageId: number | null;
  isReleased: boolean;
  madeWithAi: boolean | null;
}

/** The query of a matched list (`genre_ids`, `moods`, `language_id`, `is_released`, `made_with_ai`). */
export function matchParams(
  track: TrackTraits,
): Record<string, string | number | (string | number)[] | null> {
  return {
    genre_ids: track.genreIds,
    moods: track.moods,
    language_id: track.languageId,
    is_released: String(track.isReleased),
    made_with_ai: track.madeWithAi === null ? null : String(track.madeWithAi),
  };
}

/** GET express/{artist|curator/checkout}/playlists/matched: the playlists matched for the track, best first. */
export function useMatchedPlaylists(track: TrackTraits, buyer: ExpressBuyer, enabled: boolean) {
  const { api } = useApi();
  const query = matchParams(track);
  return useQuery({
    queryKey: expressKeys.matched('playlist', buyer, query),
    queryFn: async () =>
      (await api.get<MatchedPlaylist[]>(`${EXPRESS_BUYER_PATHS[buyer].playlists}/matched`, { query })).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * POST express/artist/campaign/create (a curator: express/curator/checkout): one campaign per playlist,
 * paid with coins (409: too few).
 */
export function useCreateExpressCampaign(buyer: ExpressBuyer = 'artist') {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: {
      track_link: string;
      playlist_ids: number[];
      pitch?: string;
      made_with_ai?: boolean | null;
      language_id?: number | null;
    }) =>
      (
        await api.post<ExpressCampaign[]>(
          EXPRESS_BUYER_PATHS[buyer].create,
          buyer === 'artist' ? { ...body, payment_method: 'coins' } : body,
          { silent: true },
        )
      ).data,
    meta: { invalidates: EXPRESS_PAYMENT_DATA },
  });
}

/** Answer of POST stripe/campaign/checkout: the hosted card page for exactly the campaigns' coins. */
export type { CampaignCheckout };

/**
 * POST express/artist/campaign/checkout/quote {playlist_ids}: what a card payment of the chosen
 * playlists would buy: the missing coins at the coin price or a cheaper package.
 * Asked only while `enabled` (the card is chosen); never cached (the balance may change).
 */
export function useCampaignCardQuote(playlistIds: number[], enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.cardQuote(playlistIds),
    queryFn: async () =>
      (await api.post<TopUpQuote>('express/artist/campaign/checkout/quote', { playlist_ids: playlistIds }))
        .data,
    enabled: enabled && playlistIds.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST stripe/campaign/checkout {track_link, playlist_ids, top_up: 'cheapest', expected_amount_minor}:
 * starts a card payment buying the quoted purchase (the server recomputes it and refuses with 409 when
 * it no longer matches the amount shown); the campaigns are created once the payment is confirmed
 * (see useConfirmCampaignCard).
 */
export function useCampaignCardCheckout() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: {
      track_link: string;
      playlist_ids: number[];
      pitch?: string;
      made_with_ai?: boolean | null;
      language_id?: number | null;
      expected_amount_minor?: number;
    }) =>
      (
        await api.post<CampaignCheckout>(
          'stripe/campaign/checkout',
          { ...body, top_up: 'cheapest' },
          { silent: true },
        )
      ).data,
  });
}

/**
 * POST stripe/campaign/checkout/check/pay {session_id}: the payment's outcome and, once it is paid,
 * the campaigns it created (created once however often it is called). When the campaigns could not be
 * made, `not_created` is set, the coins stay in the wallet and `message` says why (translated).
 */
export function useConfirmCampaignCard() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      const answer = await api.post<{
        payment: Settlement;
        campaigns: ExpressCampaign[];
        not_created?: boolean;
      }>('stripe/campaign/checkout/check/pay', { session_id: sessionId }, { silent: true });
      return { ...answer.data, message: answer.message };
    },
    meta: { invalidates: EXPRESS_PAYMENT_DATA },
  });
}

/** Who looks at a Spotify campaign: its artist, or a curator it was sent to. */
export type CampaignViewer = 'artist' | 'curator';

/** The viewer the signed-in account is on a campaign page: a curator when it holds `CURATOR_PERMISSION`. */
export function campaignViewer(ability: { can(action: 'call', subject: string): boolean }): CampaignViewer {
  return ability.can('call', 'CURATOR_PERMISSION') ? 'curator' : 'artist';
}

/**
 * `GET express/artist/show/campaign/{id}` (artist) or `express/curator/shows/campaigns/{id}` with its
 * performance (curator): one campaign. Shared by {@link useExpressCampaign} and the campaign page's
 * prefetch. `id` must be a positive integer.
 */
export function expressCampaignQuery(api: ApiClient, viewer: CampaignViewer, id: number) {
  return queryOptions({
    queryKey: expressKeys.campaign(viewer, id),
    queryFn: async (): Promise<ExpressCampaignDetail> => {
      if (viewer === 'artist')
        return (await api.get<ExpressCampaignDetail>(`express/artist/show/campaign/${id}`)).data;
      const [detail, performance] = await Promise.all([
        api.get<ExpressCampaignDetail>(`express/curator/shows/campaigns/${id}`),
        api.get<ExpressPerformance>(`express/curator/campaigns/performance/${id}`, { silent: true }),
      ]);
      return { ...detail.data, performance: performance.data };
    },
  });
}

/** One campaign: the artist's (with performance) or, for curators, an incoming one. */
export function useExpressCampaign(id: number) {
  const { api } = useApi();
  const session = useSession<SessionUser>();
  return useQuery({
    ...expressCampaignQuery(api, campaignViewer(session.ability), id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Answer of POST express/artist/campaign/renew/check: whether the campaign may be renewed, at what price. */
export type RenewCheck = ExpressRenewCheck;

export function useRenewCheck(campaignId: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.renewCheck(campaignId),
    queryFn: async () =>
      (await api.post<RenewCheck>('express/artist/campaign/renew/check', { campaign_id: campaignId })).data,
    enabled: Number.isInteger(campaignId) && campaignId > 0,
    retry: false,
  });
}

export function useRenewCampaign() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (campaignId: number) =>
      (
        await api.post<ExpressCampaign[]>(
          'express/artist/campaign/renew',
          { campaign_id: campaignId },
          { silent: true },
        )
      ).data,
    meta: { invalidates: EXPRESS_PAYMENT_DATA },
  });
}

export function useAddReview() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: { campaign_id: number; rating: number; comment?: string }) =>
      (await api.post<{ id: number; rating: number }>('express/add/review', body, { silent: true })).data,
    meta: { invalidates: EXPRESS_DATA },
  });
}

/**
 * `GET web/user/campaigns/dashboard` (silent): campaign stats and the last five campaigns. Shared by
 * {@link useCampaignDashboard} and the dashboard route's prefetch.
 */
export function campaignDashboardQuery(api: ApiClient) {
  return queryOptions({
    queryKey: expressKeys.dashboard,
    queryFn: async () =>
      (
        await api.get<{
          stats: ExpressCampaignStats & { total_campaigns_completed: number };
          last_campaigns: ExpressCampaign[];
        }>('web/user/campaigns/dashboard', { silent: true })
      ).data,
  });
}

/** Dashboard: campaign stats and the last five campaigns. */
export function useCampaignDashboard() {
  const { api } = useApi();
  return useQuery(campaignDashboardQuery(api));
}

// Curator.

export function useSpotifyConnections() {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.connections,
    queryFn: async () => (await api.get<SpotifyConnection[]>('spotify/connections')).data,
  });
}

/** GET spotify/login: the consent page to open. */
export function useSpotifyLogin() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async () => (await api.get<{ url: string }>('spotify/login')).data.url,
  });
}

export function useSpotifyCallback() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (query: { code: string; state: string }) =>
      (await api.get<SpotifyConnection>('spotify/callback', { query, silent: true })).data,
    meta: { invalidates: EXPRESS_DATA },
  });
}

export function useDisconnectSpotify() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`spotify/connections/${id}`),
    meta: { invalidates: EXPRESS_DATA },
  });
}

/** The playlist checks of the create form: preview, duplicate, ownership. */
export function usePlaylistChecks() {
  const { api } = useApi();
  return {
    info: (spotify_url: string) =>
      api
        .post<PlaylistPreview>('express/user/playlist/info', { spotify_url }, { silent: true })
        .then((r) => r.data),
    exists: (spotify_url: string) =>
      api
        .post<{ exists: boolean }>('express/user/playlist/exists', { spotify_url }, { silent: true })
        .then((r) => r.data.exists),
    owned: (spotify_url: string) =>
      api
        .post<{ owned: boolean }>('express/verify/check/account/playlist', { spotify_url }, { silent: true })
        .then((r) => r.data.owned),
  };
}

export interface PlaylistBody {
  spotify_url: string;
  tier_id: number;
  duration_id: number;
  genre_ids: number[];
  renewable: boolean;
}

export function useCreatePlaylist() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: PlaylistBody) =>
      (
        await api.post<{ id: number; status_id: number }>('express/curator/playlist/create', body, {
          silent: true,
        })
      ).data,
    meta: { invalidates: EXPRESS_DATA },
  });
}

export function useCuratorPlaylist(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.playlist(id),
    queryFn: async () => (await api.get<ExpressPlaylist>(`express/curator/shows/playlist/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useEditPlaylist(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (
      body: Partial<Omit<PlaylistBody, 'spotify_url'>> & {
        disabled?: boolean;
        refuses_ai?: boolean;
      } & Partial<OfferProfileEdit>,
    ) => api.put(`express/curator/playlist/edit/${id}`, body),
    meta: { invalidates: EXPRESS_DATA },
  });
}

export function useSetRenewable() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: { playlist_id: number; renewable: boolean }) =>
      api.put('express/curator/playlist/renewable', body),
    meta: { invalidates: EXPRESS_DATA },
  });
}

/** The platforms a seller (curator or influencer) acts on campaigns of. */
export type SellerPlatform = 'spotify' | 'tiktok' | 'instagram';

/**
 * The seller's calls of each platform (spec section 7): Spotify's curator paths, TikTok's and
 * Instagram's influencer paths; videos and submit only for TikTok and Instagram.
 */
export const SELLER_PATHS: Record<
  SellerPlatform,
  {
    approve: ApiPath<'post'>;
    decline: ApiPath<'post'>;
    reasons: ApiPath<'get'>;
    videos?: ApiPath<'get'>;
    submit?: ApiPath<'post'>;
    review?: ApiPath<'post'>;
  }
> = {
  spotify: {
    approve: 'express/curator/approve/campaign',
    decline: 'express/curator/decline/campaign',
    reasons: 'express/curator/campaign/reasons',
  },
  tiktok: {
    approve: 'express-tiktok/influencer/approve/campaign',
    decline: 'express-tiktok/influencer/decline/campaign',
    reasons: 'express-tiktok/influencer/campaign/reasons',
    videos: 'express-tiktok/tiktok/list/videos',
    submit: 'check-tiktok-video',
    review: 'express-tiktok/influencer/add/review',
  },
  instagram: {
    approve: 'express-instagram/influencer/approve/campaign',
    decline: 'express-instagram/influencer/decline/campaign',
    reasons: 'express-instagram/influencer/campaign/reasons',
    videos: 'express-instagram/influencer/instagram/reels',
    submit: 'express-instagram/influencer/check/music',
    review: 'express-instagram/influencer/add/review',
  },
};

/** Decline reasons of a platform's sellers (`influencer/campaign/reasons` for TikTok and Instagram). */
export function useSellerDeclineReasons(platform: SellerPlatform, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: platform === 'spotify' ? expressKeys.reasons : expressKeys.sellerReasons(platform),
    queryFn: async () => (await api.get<ExpressReason[]>(SELLER_PATHS[platform].reasons)).data,
    staleTime: 60_000,
    enabled,
  });
}

/**
 * The account's own posts since the acceptance that may be submitted for a TikTok or Instagram
 * campaign (`tiktok/list/videos`, `influencer/instagram/reels`); fetched while `enabled`.
 */
export function useSubmittableVideos(platform: SellerPlatform, campaignId: number, enabled: boolean) {
  const { api } = useApi();
  const path = SELLER_PATHS[platform].videos;
  return useQuery({
    queryKey: expressKeys.videos(platform, campaignId),
    queryFn: async () =>
      (await api.get<SocialVideo[]>(path!, { query: { campaign_id: campaignId }, silent: true })).data,
    enabled: enabled && Boolean(path),
    staleTime: 0,
  });
}

/**
 * A seller's actions on an incoming campaign, for any platform: approve, decline with a reason, and
 * the submission (Spotify: "I added it", checked on the playlist; TikTok and Instagram: one of the
 * account's recent videos); for TikTok and Instagram, the review of the artist after completion.
 */
export function useSellerActions(platform: SellerPlatform) {
  const { api } = useApi();
  const paths = SELLER_PATHS[platform];
  const approve = useMutation({
    mutationFn: async (campaignId: number) => api.post(paths.approve, { campaign_id: campaignId }),
    meta: { invalidates: EXPRESS_DATA },
  });
  const decline = useMutation({
    mutationFn: async (body: ExpressDeclineBody) => api.post(paths.decline, body, { silent: true }),
    meta: { invalidates: EXPRESS_DATA },
  });
  const added = useMutation({
    mutationFn: async (c: ExpressCampaign) =>
      api.post<{ found: boolean; status_id: number }>(
        'express/track/exists',
        { track_id: c.track.id, playlist_id: c.playlist.id, campaign_id: c.id },
        { silent: true },
      ),
    meta: { invalidates: EXPRESS_EARNING_DATA },
  });
  const submitVideo = useMutation({
    mutationFn: async (body: { campaign: ExpressSocialCampaign; video_id: string }) =>
      api.post<SocialSubmit>(
        paths.submit!,
        { campaign_id: body.campaign.id, video_id: body.video_id },
        { silent: true },
      ),
    meta: { invalidates: EXPRESS_EARNING_DATA },
  });
  const review = useMutation({
    mutationFn: async (body: { campaign_id: number; rating: number; comment?: string }) =>
      api.post(paths.review!, body),
    meta: { invalidates: EXPRESS_DATA },
  });
  return { approve, decline, added, submitVideo, review };
}

/**
 * POST express/campaigns/{id}/withdraw: the artist takes back a request nobody has answered yet (any
 * platform); the coins come back to the wallet (the server's message says so in a toast).
 */
export function useWithdrawCampaign() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (campaignId: number) =>
      (await api.post<ExpressWithdrawn>(`express/campaigns/${campaignId}/withdraw`, {})).data,
    meta: { invalidates: EXPRESS_PAYMENT_DATA },
  });
}

/**
 * POST express/campaigns/{id}/feedback-rating: the artist rates the feedback of a declined request
 * once (helpful or not, 1 to 5 stars); the campaign's detail then shows the rating.
 */
export function useRateFeedback(campaignId: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: ExpressFeedbackRatingBody) =>
      (await api.post<ExpressFeedbackRating>(`express/campaigns/${campaignId}/feedback-rating`, body)).data,
    meta: { invalidates: EXPRESS_DATA },
  });
}

/** Where a request's listening is read and reported: an express campaign, or a custom campaign. */
const LISTEN_PATHS = {
  express: (id: number) => `express/campaigns/${id}/listen`,
  custom: (id: number) => `curator/campaign/${id}/listen`,
} satisfies Record<string, (id: number) => ApiPath<'get'> & ApiPath<'post'>>;

/**
 * Hear it first: what the seller's request page plays and shows before the decision
 * (`express/campaigns/{id}/listen`, any platform; `curator/campaign/{id}/listen` before opting in to a
 * custom campaign), and the player's events, whose answer (the listening the server counted) updates
 * the page; fetched while `enabled` (the request is pending).
 */
export function useListen(campaignId: number, enabled: boolean, kind: 'express' | 'custom' = 'express') {
  const { api } = useApi();
  const client = useQueryClient();
  const key = expressKeys.listen(kind, campaignId);
  const path = LISTEN_PATHS[kind](campaignId);
  const view = useQuery({
    queryKey: key,
    queryFn: async () =>
      (
        await api.get<
          ExpressListenView | (ExpressListenProgress & Pick<ExpressListenView, 'player' | 'artist'>)
        >(path)
      ).data,
    enabled,
    staleTime: 0,
  });
  const report = useMutation({
    mutationFn: async (body: { event: 'play' | 'progress' | 'pause' | 'ended'; position: number }) =>
      (await api.post<ExpressListenProgress>(path, body, { silent: true })).data,
    onSuccess: (progress) =>
      client.setQueryData<typeof view.data>(key, (old) => (old ? { ...old, ...progress } : old)),
  });
  return { view, report };
}

/** How often an open conversation asks for new messages (ms). */
const MESSAGES_REFRESH_MS = 20_000;

/**
 * The conversation of a campaign for its artist or its seller (`express/campaigns/{id}/messages`, any
 * platform): the newest page (refreshed while open), older pages on demand, sending, and marking read
 * (which refreshes the lists' and the dashboard's unread counts).
 */
export function useCampaignMessages(campaignId: number) {
  const { api } = useApi();
  const client = useQueryClient();
  const key = expressKeys.messages(campaignId);
  const path = `express/campaigns/${campaignId}/messages` as const;
  const [older, setOlder] = useState<CampaignMessage[]>([]);
  const [olderMore, setOlderMore] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const newest = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<CampaignMessages>(path, { silent: true })).data,
    refetchInterval: MESSAGES_REFRESH_MS,
    retry: false,
  });
  const send = useMutation({
    mutationFn: async (body: string) => (await api.post<CampaignMessage>(path, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const read = useMutation({
    mutationFn: async (upToId: number) =>
      (await api.post<CampaignMessagesReadAnswer>(`${path}/read`, { up_to_id: upToId }, { silent: true }))
        .data,
    onSuccess: (answer) => {
      client.setQueryData<CampaignMessages>(key, (old) => (old ? { ...old, ...answer } : old));
      // The badges of the lists and the dashboard.
      void client.invalidateQueries({
        queryKey: expressKeys.all,
        predicate: (q) => q.queryKey[1] !== 'messages',
      });
      void client.invalidateQueries({ queryKey: socialExpressKeys.all });
    },
  });
  const data = newest.data;
  const loadOlder = async () => {
    const first = (older[0] ?? data?.messages[0])?.id;
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = (await api.get<CampaignMessages>(path, { query: { before: first } })).data;
      setOlder((prev) => [...page.messages, ...prev]);
      setOlderMore(page.has_more);
    } finally {
      setLoadingOlder(false);
    }
  };
  const thread = data
    ? {
        ...data,
        messages: [
          ...older.filter((m) => m.id < (data.messages[0]?.id ?? Number.MAX_SAFE_INTEGER)),
          ...data.messages,
        ],
        has_more: olderMore ?? data.has_more,
      }
    : undefined;
  return { thread, notFound: newest.isError, send, read: read.mutate, loadOlder, loadingOlder };
}

/**
 * A campaign's daily history (`express/campaigns/{id}/checks`, any platform, its artist or seller):
 * quiet and not retried when the API does not let the reader in (the page then shows no history).
 */
export function useCampaignChecks(campaignId: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: expressKeys.checks(campaignId),
    queryFn: async () =>
      (await api.get<CampaignChecks>(`express/campaigns/${campaignId}/checks`, { silent: true })).data,
    retry: false,
  });
}
