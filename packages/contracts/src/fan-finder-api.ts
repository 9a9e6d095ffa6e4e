import { z } from 'zod';
import {
  FAN_BANDS,
  FAN_FINDER_CONNECTION_KINDS,
  FAN_FINDER_FEATURES,
  FAN_FINDER_LIMITS,
  FAN_FINDER_SUBSCRIPTION_STATUSES,
  FAN_FINDER_SYNC_STATUSES,
} from './fan-finder';
import { paginationSchema } from './pagination';
import { translationsResponseSchema, translationsSchema } from './translations';

/**
 * Shapes of the Fan Finder calls (spec section 7 `fan/finder/...` and `fan-finder/...` for artists;
 * the back-office's `/api/admin/fan-finder/...`). The API validates requests and serialises answers
 * through these; the apps import their types only (`import type`). They live apart from
 * `fan-finder.ts` (the plans' features and limits, re-exported by the package's index and read by the
 * apps at run time) so that no app bundle carries zod for them.
 *
 * Prices are coins; times are ISO 8601 strings.
 */

/** A Fan Finder plan. */
export const planSchema = z.object({
  id: z.number(),
  plan_name: z.string(),
  plan_days: z.number(),
  price: z.number(),
  features: z.array(z.enum(FAN_FINDER_FEATURES)),
  status: z.number(),
  /** Back-office only: `plan_name` in the other languages, so staff edit every language in one form. */
  translations: translationsResponseSchema('plan_name').optional(),
});
export type FanFinderPlan = z.infer<typeof planSchema>;

/** Where the artist's subscription stands. */
export const flagsSchema = z.object({
  is_subscribed: z.boolean(),
  is_expired: z.boolean(),
  is_active: z.boolean(),
  remaining_days: z.number(),
});
export type FanFinderFlags = z.infer<typeof flagsSchema>;

/** `fan/finder/check/subscription`: the flags and the subscription they read. */
export const subscriptionCheckSchema = flagsSchema.extend({ subscription_id: z.number().nullable() });
export type FanFinderSubscriptionCheck = z.infer<typeof subscriptionCheckSchema>;

/** A subscription, with the artist's analysed profiles and related artists. */
export const subscriptionSchema = flagsSchema.extend({
  id: z.number(),
  plan: z.object({ id: z.number(), plan_name: z.string(), plan_days: z.number() }),
  price: z.number(),
  status: z.enum(FAN_FINDER_SUBSCRIPTION_STATUSES),
  start_data: z.string(),
  end_data: z.string(),
  auto_renew: z.boolean(),
  renewals: z.number(),
  cancelled_at: z.string().nullable(),
  expired_at: z.string().nullable(),
  expired_reason: z.string().nullable(),
  spotify_name: z.string().nullable(),
  spotify_id: z.string().nullable(),
  instagram_username: z.string().nullable(),
  related_artists: z.array(
    z.object({
      spotify_name: z.string(),
      spotify_image: z.string().nullable(),
      spotify_url: z.string().nullable(),
      instagram_username: z.string().nullable(),
    }),
  ),
});
export type FanFinderSubscription = z.infer<typeof subscriptionSchema>;

const planId = z.coerce
  .number({ error: 'fan_finder.plan_unavailable' })
  .int('fan_finder.plan_unavailable')
  .positive('fan_finder.plan_unavailable')
  .max(2_147_483_647, 'fan_finder.plan_unavailable');
const autoRenew = z.boolean({ error: 'validation.invalid' });

/** A new subscription. No renewal unless the artist chose it: an omitted choice is not consent. */
export const subscribeBody = z.object({ plan_id: planId, auto_renew: autoRenew.default(false) });

/** Switch a subscription's auto-renew. */
export const autoRenewBody = z.object({ auto_renew: autoRenew });

/** One analysed profile of the artist: own Spotify, own Instagram, or a related artist's slot. */
export const fanConnectionSchema = z.object({
  id: z.number(),
  kind: z.enum(FAN_FINDER_CONNECTION_KINDS),
  slot: z.number(),
  spotify_id: z.string().nullable(),
  spotify_name: z.string().nullable(),
  spotify_image: z.string().nullable(),
  spotify_url: z.string().nullable(),
  instagram_username: z.string().nullable(),
  followers: z.number().nullable(),
  media_count: z.number().nullable(),
  sync_status: z.enum(FAN_FINDER_SYNC_STATUSES),
  last_sync: z.string().nullable(),
  created_at: z.string(),
});
export type FanConnection = z.infer<typeof fanConnectionSchema>;

/** All of an artist's analysed profiles. */
export const fanConnectionsSchema = z.object({
  spotify: fanConnectionSchema.nullable(),
  instagram: fanConnectionSchema.nullable(),
  related: z.array(fanConnectionSchema),
});
export type FanConnections = z.infer<typeof fanConnectionsSchema>;

/** A fan of the grids: an Instagram account, its rating (0..100) and what it is made of. */
export const fanSchema = z.object({
  id: z.number(),
  instagram_username: z.string(),
  instagram_profile_s3_url: z.string().nullable(),
  rating_percentage: z.number(),
  rating: z.enum(FAN_BANDS),
  components: z.object({ posts: z.number(), artists: z.number(), quality: z.number(), recency: z.number() }),
  posts_commented: z.number(),
  artists_commented: z.number(),
  comments_count: z.number(),
  created_at: z.string(),
  last_sync: z.string(),
  is_new: z.boolean(),
  status: z.enum(['pending', 'analysed']),
});
export type Fan = z.infer<typeof fanSchema>;

/**
 * A page of a fan grid: the list envelope plus when it was last analysed, whether an analysis is
 * still running, and whether the profile cannot be read.
 */
export const fanPageSchema = z.object({
  data: z.array(fanSchema),
  pagination: paginationSchema,
  last_sync: z.string().nullable(),
  pending: z.boolean(),
  unavailable: z.boolean(),
  message: z.string().optional(),
});
export type FanPage = z.infer<typeof fanPageSchema>;

/** A fan grid's page (12 fans a page) and band filter. */
export const fansQuery = z.object({
  page: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.whole_number')
    .min(1, 'validation.min_value')
    .max(100_000, 'validation.max_value')
    .default(1),
  band: z.enum(FAN_BANDS, { error: 'validation.invalid' }).optional(),
});

/** Which grid: the artist's own fans or their related artists'. */
export const fanScopeSchema = z.enum(['own', 'related'], { error: 'validation.invalid' });

/** The CSV export's grid and band. */
export const fansExportQuery = z.object({
  scope: fanScopeSchema,
  band: z.enum(FAN_BANDS, { error: 'validation.invalid' }).optional(),
});

const spotifyId = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[A-Za-z0-9]{1,64}$/, 'fan_finder.artist_not_found');
const instagramUsername = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(30, 'validation.too_long')
  .regex(/^@?[A-Za-z0-9._]{1,30}$/, 'fan_finder.instagram_username_invalid')
  .transform((v) => v.replace(/^@/, ''));

/** The artist's own Spotify artist profile. */
export const spotifyProfileBody = z.object({ spotify_id: spotifyId });

/** A related artist: their Spotify profile and Instagram account (a leading @ is dropped). */
export const relatedArtistBody = z.object({ spotify_id: spotifyId, instagram_username: instagramUsername });

/** Where the Instagram sign-in starts, and what binds its return to this request. */
export const instagramStartSchema = z.object({ url: z.string(), state: z.string(), binding: z.string() });

/** Instagram's return: the code to exchange and the state and binding of the start. */
export const instagramTokenBody = z.object({
  code: z.string().trim().min(1, 'validation.required').max(4000),
  state: z.string().min(1, 'validation.required').max(2000),
  binding: z.string().min(1, 'validation.required').max(200),
});

// Back-office.

/** A plan as staff create or edit it. */
export const planBody = z.object({
  plan_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  plan_days: z.coerce
    .number()
    .int('validation.whole_number')
    .min(1, 'validation.min_value')
    .max(FAN_FINDER_LIMITS.maxPlanDays, 'validation.max_value'),
  price: z.coerce
    .number()
    .int('validation.whole_number')
    .min(1, 'validation.min_value')
    .max(FAN_FINDER_LIMITS.maxPlanPrice, 'validation.max_value'),
  features: z
    .array(z.enum(FAN_FINDER_FEATURES, { error: 'validation.invalid' }))
    .max(FAN_FINDER_FEATURES.length),
  status: z.union([z.literal(1), z.literal(0)], { error: 'validation.invalid' }).default(1),
  /** `plan_name` in French, German, Arabic and Turkish. */
  translations: translationsSchema({ plan_name: 100 }).optional(),
});
export type FanFinderPlanInput = z.input<typeof planBody>;

/** A subscription in the back-office lists: with its artist. */
export const adminSubscriptionSchema = subscriptionSchema.extend({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
});
export type AdminFanFinderSubscription = z.infer<typeof adminSubscriptionSchema>;

/** A subscription as the back-office detail shows it: with the coins each period charged. */
export const adminSubscriptionDetailSchema = adminSubscriptionSchema.extend({
  charges: z.array(
    z.object({ id: z.number(), number: z.string(), coins: z.number(), created_at: z.string() }),
  ),
});
export type AdminFanFinderSubscriptionDetail = z.infer<typeof adminSubscriptionDetailSchema>;

/** An analysed artist in the staff search. */
export const analysedArtistSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  spotify_name: z.string().nullable(),
  instagram_username: z.string().nullable(),
  related_artists: z.array(z.string()),
  fans: z.number(),
  related_fans: z.number(),
  last_sync: z.string().nullable(),
});
export type AnalysedArtist = z.infer<typeof analysedArtistSchema>;

/** An analysed artist's detail for staff: the subscription, profiles and fans per band. */
export const analysedArtistDetailSchema = z.object({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  subscription: subscriptionSchema.nullable(),
  connections: fanConnectionsSchema,
  fans: z.record(z.string(), z.number()),
});
export type AnalysedArtistDetail = z.infer<typeof analysedArtistDetailSchema>;

/** Staff's fan grid of an artist: the grid's page and band, and which grid (own by default). */
export const adminFansQuery = fansQuery.extend({ scope: fanScopeSchema.default('own') });
