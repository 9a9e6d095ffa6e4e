/**
 * Complete example answers of the main operations (issue 34 "The reference"). Redocly checks every
 * example against its operation's schema (`no-invalid-media-type-examples`), so these must carry every
 * required field: a renamed field fails the lint test.
 */

/** The session user of sign-in and `user/info` (an artist with coins). */
export const sessionUserExample = {
  id: 41,
  email: 'ada@example.org',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  avatar: null,
  gender: 'female',
  birth_date: '1990-12-10',
  phone_number: null,
  country_code: 'GB',
  user_type_id: 1,
  status: 'active',
  email_verified: true,
  two_factor_enabled: false,
  must_change_password: false,
  oauth_type: null,
  abilities: [
    { action: 'call', subject: 'ARTIST_PERMISSION' },
    { action: 'call', subject: 'ARTIST_ALL_PERMISSION' },
  ],
  balance: 1200,
  profile: {
    artist_name: 'Ada L',
    bio: 'Dream-pop from Leeds.',
    genres: [{ id: 7, name: 'Dream Pop' }],
    spotify_link: 'https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF',
    instagram_link: null,
    facebook_link: null,
    tiktok_link: null,
    twitter_link: null,
  },
};

/** A Spotify express campaign as the lists answer it, on going since 12 days. */
export const expressCampaignExample = {
  id: 311,
  campaign_name: 'Northern Lights',
  type: 'spotify',
  status: { id: 4, status: 'On Going' },
  tier: { id: 2, tier_name: 'Silver' },
  price: 120,
  track: {
    id: '4uLU6hMCjMI75M1A2tKUQC',
    name: 'Northern Lights',
    artist: 'Ada L',
    cover_url: 'https://i.scdn.co/image/ab67616d0000b273',
    url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
  },
  playlist: {
    id: 12,
    name: 'Indie Mornings',
    url: 'https://open.spotify.com/playlist/37i9dQZF1DX2Nc3B70tvx0',
    image_url: null,
    followers: 18250,
  },
  artist: { id: 41, name: 'Ada Lovelace', email: 'ada@example.org' },
  pitch: 'Dream-pop single for late nights.',
  curator: { id: 57, name: 'Grace Hopper' },
  payment_method: 'coins',
  fee_percent: 20,
  playlist_submission_days: 3,
  on_going_days: 28,
  auditing_days: 3,
  submission_deadline: '2026-11-05T10:00:00.000Z',
  on_going_until: '2026-11-30T10:00:00.000Z',
  auditing_until: null,
  placement: {
    found_at: '2026-11-02T10:00:00.000Z',
    position: 3,
    last_seen_at: '2026-11-14T06:00:00.000Z',
    removed_at: null,
  },
  paid_coins: null,
  fee_coins: null,
  curator_coins: null,
  refunded_coins: null,
  decline_reason: null,
  renewed_from_id: null,
  custom_campaign_id: null,
  created_at: '2026-11-01T09:12:00.000Z',
  completed_at: null,
  answer_deadline: null,
  end_reason: null,
  unread_messages: 0,
  made_with_ai: false,
  language: { id: 1, code: 'en', name: 'English' },
};

/** The same campaign as its artist reads it: timeline and performance. */
export const expressCampaignDetailExample = {
  ...expressCampaignExample,
  timeline: [
    {
      id: 901,
      from_status: null,
      to_status: 1,
      status: 'Pending for Approval',
      actor_type: 'artist',
      actor_name: null,
      note: null,
      listened_seconds: null,
      created_at: '2026-11-01T09:12:00.000Z',
    },
    {
      id: 902,
      from_status: 1,
      to_status: 2,
      status: 'Waiting for Playlist submission',
      actor_type: 'curator',
      actor_name: null,
      note: null,
      listened_seconds: 95,
      created_at: '2026-11-01T15:40:00.000Z',
    },
  ],
  decline: null,
  review: null,
  performance: {
    campaign_id: 311,
    status: { id: 4, status: 'On Going' },
    days_live: 12,
    on_going_days: 28,
    position: 3,
    last_seen_at: '2026-11-14T06:00:00.000Z',
    playlist_followers: 18250,
    removed_early: false,
  },
};

/** A campaign just bought: waiting for the curator's answer. */
export const newExpressCampaignExample = {
  ...expressCampaignExample,
  status: { id: 1, status: 'Pending for Approval' },
  submission_deadline: null,
  on_going_until: null,
  placement: { found_at: null, position: null, last_seen_at: null, removed_at: null },
  answer_deadline: '2026-11-04T09:12:00.000Z',
  timeline: expressCampaignDetailExample.timeline.slice(0, 1),
  decline: null,
  review: null,
};
