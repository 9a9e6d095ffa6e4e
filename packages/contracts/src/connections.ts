import { z } from 'zod';
import { qualityScoreSchema } from './score';
import { translationsResponseSchema } from './translations';

/**
 * Shapes of the connection calls (spec section 7 "Connections"): the influencer's TikTok and Instagram
 * accounts with their tiers (`express-tiktok/...`, `express-instagram/...`), and every connected
 * account of a user with the artist's Spotify profiles, tracks and own sounds (`connected/platforms/...`,
 * `user/info/spotify`). The API serialises its answers through these, so a field missing here is
 * missing on the wire; the apps import their types only (`import type`), which keeps zod out of their
 * bundles.
 *
 * Prices are coins; times are ISO 8601 strings.
 */

/** The platforms whose accounts influencers connect. */
export const connectedPlatformSchema = z.enum(['tiktok', 'instagram']);
export type ConnectedPlatform = z.infer<typeof connectedPlatformSchema>;

/** A tier of a platform (spec "Tier"): the price an account of at least `min_followers` is sold at. */
export const socialTierSchema = z.object({
  id: z.number(),
  platform: connectedPlatformSchema,
  /** The name in the request's language; `name` repeats it. */
  tier_name: z.string(),
  name: z.string(),
  price: z.number(),
  min_followers: z.number(),
  description: z.string().nullable(),
  status: z.number(),
  /** Back-office only: name and description in the other languages. */
  translations: translationsResponseSchema('tier_name', 'description').optional(),
});
export type SocialTier = z.infer<typeof socialTierSchema>;

/** A campaign duration a platform offers (back-office reference list), in days. */
export const socialDurationSchema = z.object({ id: z.number(), duration: z.number(), status: z.number() });
export type SocialDuration = z.infer<typeof socialDurationSchema>;

/** A connected TikTok or Instagram account (spec "Connections"). */
export const socialAccountSchema = z.object({
  id: z.number(),
  platform: connectedPlatformSchema,
  platform_user_id: z.string(),
  user_name: z.string(),
  display_name: z.string(),
  avatar_url: z.string().nullable(),
  follower_count: z.number().nullable(),
  account_type: z.string().nullable(),
  connected_status: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(['connected', 'expired', 'revoked']),
  tier: z.object({ id: z.number(), tier_name: z.string(), price: z.number() }).nullable(),
  tier_id: z.number().nullable(),
  connected_at: z.string(),
  revoked_at: z.string().nullable(),
  /** The influencer takes no AI-made music on this account: not offered to tracks declared made with AI. */
  refuses_ai: z.boolean(),
  /** The account's quality score: in the lists of accounts, absent in single-account answers. */
  score: qualityScoreSchema.optional(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

/** An influencer's settings of one connected account (`PUT /api/social-accounts/{id}/settings`). */
export const socialAccountSettingsSchema = z.object({
  /** The account takes no AI-made music: not offered to tracks declared made with AI. */
  refuses_ai: z.boolean(),
});
export type SocialAccountSettings = z.infer<typeof socialAccountSettingsSchema>;

/**
 * `oauth/url`: the consent page to open, its `state`, and the binding secret the starting tab keeps
 * and sends back with the code (so only that browser can finish the connection).
 */
export const connectStartSchema = z.object({ url: z.string(), state: z.string(), binding: z.string() });
export type ConnectStart = z.infer<typeof connectStartSchema>;

/** The influencer's check of a platform: connected accounts, how many have a tier, and the limit. */
export const influencerCheckSchema = z.object({
  connected: z.boolean(),
  accounts: z.number(),
  with_tier: z.number(),
  platforms_limit: z.number(),
});

/** A connected Spotify artist profile. */
export const artistProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  spotify_artist_id: z.string(),
  external_url: z.string(),
  image_url: z.string().nullable(),
  followers: z.number().nullable(),
  is_active: z.number(),
  status: z.object({ status: z.string() }),
  created_at: z.string(),
});
export type ArtistProfile = z.infer<typeof artistProfileSchema>;

/** A curator's connected Spotify account. */
export const spotifyAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  user_name: z.string(),
  user_email: z.string().nullable(),
  is_active: z.number(),
  status: z.object({ status: z.string() }),
  created_at: z.string(),
});
export type SpotifyAccount = z.infer<typeof spotifyAccountSchema>;

/** A track of the artist's connected profiles; `duration_ms` in milliseconds. */
export const artistTrackSchema = z.object({
  id: z.string(),
  name: z.string(),
  artists: z.string(),
  album: z.string(),
  cover_url: z.string().nullable(),
  external_url: z.string(),
  duration_ms: z.number(),
  account_id: z.number(),
});
export type ArtistTrack = z.infer<typeof artistTrackSchema>;

/** One of the artist's own TikTok or Instagram sounds (`connected/platforms/artist/{platform}/music`). */
export const artistSoundSchema = z.object({
  id: z.string(),
  /** A link that passes the platform's music-link check. */
  url: z.string(),
  name: z.string(),
  artists: z.string(),
  cover_url: z.string().nullable(),
  /** An earlier campaign's sound, or the sound of a post of the artist's connected account. */
  source: z.enum(['campaign', 'post']),
  account_id: z.number().nullable(),
  user_name: z.string().nullable(),
});
export type ArtistSound = z.infer<typeof artistSoundSchema>;

/** Every account of the user (`connected/platforms/all/user/accounts`). */
export const allAccountsSchema = z.object({
  spotify: z.array(spotifyAccountSchema),
  artist_profiles: z.array(artistProfileSchema),
  tiktok: z.array(socialAccountSchema),
  instagram: z.array(socialAccountSchema),
  platforms_limit: z.number(),
});
export type AllAccounts = z.infer<typeof allAccountsSchema>;

/** The artist's check (`connected/platforms/artist/check/if/connected`): profiles and the limit. */
export const artistCheckSchema = z.object({
  connected: z.boolean(),
  accounts: z.number(),
  platforms_limit: z.number(),
});

/** The user's Spotify at a glance (`user/info/spotify`): artist profiles and curator accounts. */
export const spotifyInfoSchema = z.object({
  connected: z.boolean(),
  artist_profiles: z.array(artistProfileSchema),
  accounts: z.array(spotifyAccountSchema),
});
