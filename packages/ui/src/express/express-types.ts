/** Shapes of the Spotify express answers (apps/api express.queries.ts). */

export interface ExpressStatus {
  id: number;
  status: string;
}

export interface ExpressTimelineEntry {
  id: number;
  from_status: number | null;
  to_status: number;
  status: string;
  actor_type: string;
  note: string | null;
  created_at: string;
}

export interface ExpressPerformance {
  campaign_id: number;
  status: ExpressStatus;
  days_live: number;
  on_going_days: number;
  position: number | null;
  last_seen_at: string | null;
  playlist_followers: number;
  removed_early: boolean;
}

export interface ExpressCampaign {
  id: number;
  campaign_name: string;
  type: string;
  status: ExpressStatus;
  tier: { id: number; tier_name: string };
  price: number;
  track: { id: string; name: string; artist: string; cover_url: string | null; url: string };
  playlist: { id: number; name: string; url: string; image_url: string | null; followers: number };
  artist: { id: number; name: string; email: string };
  /** The artist's pitch for the curator (issue 20), at most 140 characters; null when none. */
  pitch?: string | null;
  curator: { id: number; name: string };
  payment_method: string;
  fee_percent: number;
  /** Of paid_coins: the platform fee and the curator's share (coins). */
  fee_coins: number | null;
  curator_coins: number | null;
  playlist_submission_days: number;
  on_going_days: number;
  auditing_days: number;
  submission_deadline: string | null;
  on_going_until: string | null;
  auditing_until: string | null;
  placement: {
    found_at: string | null;
    position: number | null;
    last_seen_at: string | null;
    removed_at: string | null;
  };
  /** Coins posted from the hold (fee included); null while the campaign is open. */
  paid_coins: number | null;
  refunded_coins: number;
  decline_reason: string | null;
  renewed_from_id: number | null;
  created_at: string;
  completed_at: string | null;
}

/** The detail answer: the list item plus its timeline, review and (artist, admin) performance. */
export interface ExpressCampaignDetail extends ExpressCampaign {
  timeline: ExpressTimelineEntry[];
  review: { rating: number; comment: string | null; created_at: string } | null;
  performance?: ExpressPerformance;
}

export interface ExpressTier {
  id: number;
  tier_name: string;
  name?: string;
  price: number;
  description: string | null;
  status: number;
}

export interface ExpressDuration {
  id: number;
  duration: number;
  status?: number;
}

export interface ExpressReason {
  id: number;
  reason: string;
  status?: number;
}

export interface ExpressPlaylist {
  id: number;
  name: string;
  spotify_url: string;
  spotify_playlist_id: string;
  image_url: string | null;
  followers: number;
  tier: { id: number; tier_name: string; price: number };
  duration: { id: number; duration: number };
  genres: { id: number; name: string }[];
  renewable: boolean;
  status_id: number;
  status: { status: string };
  by_curator: { id: number; name: string };
  by_admin: { id: number } | null;
  decline_reason: string | null;
  created_at: string;
}

/** Campaign stats of `web/user/campaigns/dashboard` (spec section 3 "Campaign stats"). */
export interface ExpressCampaignStats {
  total_campaigns: number;
  total_campaigns_approved: number;
  total_campaigns_pending_for_publishing: number;
  total_campaigns_publishing: number;
  total_campaigns_declined: number;
  total_campaigns_invited: number;
  total_campaigns_pending: number;
  total_campaigns_pending_for_approval: number;
}

/** Express playlist status labels (1 approved, 2 pending, 3 declined/disabled), from `@lm/contracts`. */
export { EXPRESS_PLAYLIST_STATUSES } from '@lm/contracts';
