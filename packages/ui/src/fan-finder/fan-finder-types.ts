import type { FanFinderFeature, FanFinderSubscriptionStatus } from '@lm/contracts';

/** A Fan Finder plan (issue 15): name, days, price in coins, features; status 1 offered. */
export interface FanFinderPlan {
  id: number;
  plan_name: string;
  plan_days: number;
  price: number;
  features: FanFinderFeature[];
  status: number;
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
  instagram_username: string | null;
  related_artists: { spotify_name: string; instagram_username: string | null }[];
}
