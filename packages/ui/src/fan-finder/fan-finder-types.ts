import type { FanFinderFeature, FanFinderSubscriptionStatus } from '@lm/contracts';
import type { Translations } from '@lm/contracts/translations';

/** A Fan Finder plan (issue 15): name, days, price in coins, features; status 1 offered. */
export interface FanFinderPlan {
  id: number;
  plan_name: string;
  plan_days: number;
  price: number;
  features: FanFinderFeature[];
  status: number;
  /** Back-office only: `plan_name` in the other languages (issue 28 item 11). */
  translations?: Translations<'plan_name'>;
}

/** The flags of `fan/finder/check/subscription` and of every subscription. */
export interface FanFinderFlags {
  is_subscribed: boolean;
  is_expired: boolean;
  is_active: boolean;
  remaining_days: number;
}

/** A subscription (spec section 3 "Fan finder subscription"). */
export interface FanFinderSubscription extends FanFinderFlags {
  id: number;
  plan: { id: number; plan_name: string; plan_days: number };
  price: number;
  status: FanFinderSubscriptionStatus;
  start_data: string;
  end_data: string;
  auto_renew: boolean;
  renewals: number;
  cancelled_at: string | null;
  expired_at: string | null;
  expired_reason: string | null;
  spotify_name: string | null;
  spotify_id?: string | null;
  instagram_username: string | null;
  related_artists: {
    spotify_name: string;
    spotify_image?: string | null;
    spotify_url?: string | null;
    instagram_username: string | null;
  }[];
}

/** Rating bands (spec section 4). */
export type FanBand = 'Super' | 'Regular' | 'Mixed' | 'Low';
export const FAN_BAND_LIST: readonly FanBand[] = ['Super', 'Regular', 'Mixed', 'Low'];

/** A Fan Finder connection: own Spotify profile, own Instagram account or a related artist (issue 15). */
export interface FanFinderConnection {
  id: number;
  kind: 'spotify' | 'instagram' | 'related';
  slot: number;
  spotify_id: string | null;
  spotify_name: string | null;
  spotify_image: string | null;
  spotify_url: string | null;
  instagram_username: string | null;
  followers: number | null;
  media_count: number | null;
  sync_status: 'pending' | 'done' | 'failed' | 'unavailable';
  last_sync: string | null;
  created_at: string;
}

/** The artist's connections. */
export interface FanFinderConnections {
  spotify: FanFinderConnection | null;
  instagram: FanFinderConnection | null;
  related: FanFinderConnection[];
}

/** A rated fan (spec section 3 "Fan"). */
export interface Fan {
  id: number;
  instagram_username: string;
  instagram_profile_s3_url: string | null;
  rating_percentage: number;
  rating: FanBand;
  components: { posts: number; artists: number; quality: number; recency: number };
  posts_commented: number;
  artists_commented: number;
  comments_count: number;
  created_at: string;
  last_sync: string;
  is_new: boolean;
  status: 'pending' | 'analysed';
}

/** A page of a fan grid (12 a page) with the grid's state. */
export interface FanPage {
  data: Fan[];
  pagination: { total: number; limit: number; current_page: number; total_pages: number };
  last_sync: string | null;
  pending: boolean;
  unavailable: boolean;
}
