import { z } from 'zod';
import { spotifyAccountSchema } from './connections';
import { LIMITS } from './limits';

/**
 * Answers of the back-office user screens (the /users/list screen, the /users/{userId} overview and
 * its tabs). The API serialises through these; the admin app imports their types only
 * (`import type`). They live apart from `users.ts`, which the package's index re-exports, so that no
 * app bundle that reads the user modal's rules carries these shapes too.
 */

const idName = z.object({ id: z.number(), name: z.string() });
const userCountry = z.object({ code: z.string(), name: z.string() }).nullable();

/** A user as the back-office list shows it. */
export const adminUserListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  phone_number: z.string().nullable(),
  user_type_id: z.number(),
  user_type: idName,
  tier: idName.nullable(),
  status: z.string(),
  status_key: z.string(),
  country: userCountry,
  member_since: z.string(),
});
export type AdminUserListItem = z.infer<typeof adminUserListItemSchema>;

/** The user overview: the profile, its status and its wallet balance (coins and their value in pence). */
export const adminUserOverviewSchema = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  image: z.string().nullable(),
  image_key: z.string().nullable(),
  user_type_id: z.number(),
  user_type: idName,
  tier_id: z.number().nullable(),
  tier: idName.nullable(),
  genres: z.array(idName),
  genre_ids: z.array(z.number()),
  spotify_link: z.string().nullable(),
  instagram_link: z.string().nullable(),
  facebook_link: z.string().nullable(),
  tiktok_link: z.string().nullable(),
  twitter_link: z.string().nullable(),
  /** The artist profile's name and short bio, as the artist wrote them. */
  artist_name: z.string().nullable(),
  bio: z.string().nullable(),
  status: z.string(),
  status_key: z.string(),
  status_color: z.string(),
  member_since: z.string(),
  country: userCountry,
  oauth_type: z.object({ name: z.string() }).nullable(),
  language: z.string(),
  email_verified: z.boolean(),
  has_password: z.boolean(),
  balance: z.object({
    balance: z.number(),
    total_minor: z.number(),
    currency: z.string(),
    basis: z.enum(['coin_price', 'payout_rate']),
    pence_per_coin: z.number(),
  }),
});
export type AdminUserOverview = z.infer<typeof adminUserOverviewSchema>;

/** One sign-in or account event of a user (the activity tab). */
export const userActivitySchema = z.object({
  id: z.number(),
  platform: z.string().nullable(),
  action: z.string(),
  device: z.string().nullable(),
  country: userCountry,
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type UserActivity = z.infer<typeof userActivitySchema>;

/** The wallet tab's totals: balance, coins credited and debited, number of movements. */
export const userWalletSummarySchema = z.object({
  balance: z.number(),
  credits: z.number(),
  debits: z.number(),
  transactions: z.number(),
});
export type UserWalletSummary = z.infer<typeof userWalletSummarySchema>;

/** A Spotify connection of a user, as the connections tab lists it: the user app's shape of it. */
export const userSpotifyConnectionSchema = spotifyAccountSchema;
export type UserSpotifyConnection = z.infer<typeof userSpotifyConnectionSchema>;

/**
 * An approved user staff act for (the curator or artist pickers of the "on behalf" screens): their
 * wallet balance in coins, so staff see what a campaign can be paid with.
 */
export const behalfUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  balance: z.number().int(),
});
export type BehalfUser = z.infer<typeof behalfUserSchema>;

/** The pickers' search: a name or e-mail fragment, or the one user `id` (a link from the overview). */
export const behalfUserQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** The longest staff note on a user, in characters (`LIMITS.userNoteMax`; the database checks it too). */
export const USER_NOTE_MAX = LIMITS.userNoteMax;

/** A staff note on a user (issue 36 "Lists"): staff only, never in a user-facing answer. */
export const userNoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  created_at: z.string(),
  author: z.object({ id: z.number(), name: z.string() }),
});
export type UserNote = z.infer<typeof userNoteSchema>;

/** `POST /api/admin/users/{id}/notes`: the note's text, trimmed, 1 to 2,000 characters. */
export const userNoteBodySchema = z.object({
  body: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(USER_NOTE_MAX, 'validation.too_long'),
});
