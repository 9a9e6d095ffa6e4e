/**
 * Data a user route can have read together with its bearer token, in the access hook's one statement
 * ("auth and data in as few round trips as possible"): the route declares it in its access
 * (`userAccess(permission, passwordChange, preload)`) and finds it on the principal. The SQL fragments
 * expect the user as `u`; both also serve the stand-alone reads of the same data.
 */

/**
 * What a route may preload: the session user of `user/info`, the wallet value's inputs, or the
 * settings a campaign purchase reads.
 */
export type Preload = 'session' | 'wallet' | 'purchase';

/** The user's wallet (ledger account) joined as `l`; no row when the user has no wallet yet. */
export const WALLET_JOIN = `left join ledger_accounts l on l.user_id = u.id and l.kind = 'user_wallet'`;

/**
 * {@link SessionUserRow} as one JSON column `session`: the user, the wallet balance (`l`) and their
 * genres by name. One column rather than 24: the driver describes and parses each column of every row
 * anew, which showed in the profile of `user/info` (docs/performance.md). The genres are
 * `users.profile_genres`, kept by the database (migration 0044): joining and aggregating them here
 * cost about a fifth of this statement.
 */
export const SESSION_COLUMNS = `json_build_object(
    'id', u.id, 'email', u.email, 'first_name', u.first_name, 'last_name', u.last_name,
    'avatar', u.avatar, 'gender', u.gender, 'birth_date', to_char(u.birth_date, 'YYYY-MM-DD'),
    'phone_number', u.phone_number, 'country_code', u.country_code, 'user_type_id', u.user_type_id,
    'status', u.status, 'email_verified', u.email_verified_at is not null,
    'two_factor_enabled', u.two_factor_enabled, 'must_change_password', u.must_change_password,
    'oauth_type', u.oauth_type, 'artist_name', u.artist_name, 'bio', u.bio,
    'spotify_link', u.spotify_link, 'instagram_link', u.instagram_link,
    'facebook_link', u.facebook_link, 'tiktok_link', u.tiktok_link, 'twitter_link', u.twitter_link,
    'balance', coalesce(l.balance, 0),
    'genres', u.profile_genres) as session`;

/** Columns of {@link WalletRow}: the user's type, wallet balance (`l`) and the two value settings. */
export const WALLET_COLUMNS = `u.user_type_id as type, coalesce(l.balance, 0) as balance,
    (select value from settings where key = 'coin_price_pence') as coin_price_pence,
    (select value from settings where key = 'payout_rate_pence') as payout_rate_pence`;

/**
 * Columns of {@link PurchaseRow}: all stored settings as one JSON object (a campaign purchase's prices,
 * fee and days; no separate settings statement), and the payer's name and address as a campaign's
 * detail shows its artist.
 */
export const PURCHASE_COLUMNS = `(select json_object_agg(s.key, s.value) from settings s) as settings,
    u.first_name || ' ' || u.last_name as payer_name, u.email as payer_email`;

/**
 * A row of {@link PURCHASE_COLUMNS}: the settings as stored (null when none is stored); the payer's
 * full name and e-mail (null for a token without its user).
 */
export interface PurchaseRow {
  settings: Record<string, unknown> | null;
  payer_name: string | null;
  payer_email: string | null;
}

/** The `session` column of {@link SESSION_COLUMNS}. */
export interface SessionUserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  gender: 'male' | 'female' | 'other' | null;
  birth_date: string | null;
  phone_number: string | null;
  country_code: string | null;
  user_type_id: number;
  status: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  must_change_password: boolean;
  oauth_type: string | null;
  artist_name: string | null;
  bio: string | null;
  spotify_link: string | null;
  instagram_link: string | null;
  facebook_link: string | null;
  tiktok_link: string | null;
  twitter_link: string | null;
  /** Coins in the wallet (0 without one). */
  balance: number;
  genres: { id: number; name: string }[];
}

/** A row of {@link WALLET_COLUMNS}; a setting is null when unset (its default applies). */
export interface WalletRow {
  type: number;
  balance: number;
  coin_price_pence: number | null;
  payout_rate_pence: number | null;
}
