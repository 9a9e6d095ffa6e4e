/**
 * The moods a playlist or a creator account plays, and a track may have (issue "Choose with evidence"):
 * a closed list so the filters, the matching and the five languages agree. The database keeps
 * `moods` columns to it (check constraints of migration 0054); a new mood is a migration and a text per
 * language (`offers.moods.<key>`).
 */
export const MOODS = [
  'chill',
  'energetic',
  'happy',
  'melancholic',
  'romantic',
  'dark',
  'dreamy',
  'uplifting',
  'party',
  'focus',
  'aggressive',
  'relaxing',
] as const;
export type Mood = (typeof MOODS)[number];

/** At most this many moods on one profile or one track. */
export const MOODS_MAX = 5;
/** At most this many lyrics languages on one profile. */
export const OFFER_LANGUAGES_MAX = 10;
/** The profile description's length limit, in characters. */
export const OFFER_DESCRIPTION_MAX = 1000;
/** A seller's public reply to a review, in characters. */
export const REVIEW_REPLY_MAX = 1000;
