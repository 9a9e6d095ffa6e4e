import type { SessionUser } from '@lm/contracts';

/** Optional profile fields a complete profile has filled in. */
export const PROFILE_FIELDS = ['avatar', 'gender', 'birth_date', 'phone_number', 'country_code'] as const;
/** What curators and staff need of an artist: an artist's profile is complete with these too. */
export const ARTIST_PROFILE_FIELDS = ['artist_name', 'genres', 'spotify_link', 'bio'] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number] | (typeof ARTIST_PROFILE_FIELDS)[number];

type ProfileUser = Pick<SessionUser, (typeof PROFILE_FIELDS)[number]> &
  Partial<Pick<SessionUser, 'user_type_id' | 'profile'>>;

/**
 * Share of the profile fields that are filled, 0–100 (rounded), and exactly the missing ones, in form
 * order: the personal fields for everyone, and for artists (type 1) the artist name, genres, Spotify
 * artist link and bio (the "Profile incomplete" card lists them).
 */
export function profileCompleteness(user: ProfileUser): { percent: number; missing: ProfileField[] } {
  const filled: Record<ProfileField, boolean> = {
    avatar: Boolean(user.avatar),
    gender: Boolean(user.gender),
    birth_date: Boolean(user.birth_date),
    phone_number: Boolean(user.phone_number),
    country_code: Boolean(user.country_code),
    artist_name: Boolean(user.profile?.artist_name),
    genres: (user.profile?.genres.length ?? 0) > 0,
    spotify_link: Boolean(user.profile?.spotify_link),
    bio: Boolean(user.profile?.bio),
  };
  const fields: ProfileField[] = [
    ...PROFILE_FIELDS,
    ...(user.user_type_id === 1 ? ARTIST_PROFILE_FIELDS : []),
  ];
  const missing = fields.filter((field) => !filled[field]);
  return {
    percent: Math.round(((fields.length - missing.length) / fields.length) * 100),
    missing,
  };
}
