import type { ArtistProfile } from '@lm/contracts';

/** An artist profile with nothing filled in, for tests to fill the fields they are about. */
export const emptyArtistProfile: ArtistProfile = {
  artist_name: null,
  bio: null,
  genres: [],
  spotify_link: null,
  instagram_link: null,
  facebook_link: null,
  tiktok_link: null,
  twitter_link: null,
};
