import { describe, expect, it } from 'vitest';
import { emptyArtistProfile } from '../../test/fixtures';
import { profileCompleteness } from './profile-completeness';

describe('profileCompleteness', () => {
  it('counts filled optional fields', () => {
    expect(
      profileCompleteness({
        avatar: null,
        gender: 'female',
        birth_date: null,
        phone_number: '+12025550143',
        country_code: null,
      }),
    ).toEqual({ percent: 40, missing: ['avatar', 'birth_date', 'country_code'] });
    expect(
      profileCompleteness({
        avatar: 'a.png',
        gender: 'male',
        birth_date: '1990-01-01',
        phone_number: '+1',
        country_code: 'US',
      }).percent,
    ).toBe(100);
  });
});

describe('profileCompleteness of an artist', () => {
  const personal = {
    avatar: 'a.png',
    gender: 'male' as const,
    birth_date: '1990-01-01',
    phone_number: '+12025550143',
    country_code: 'GB',
  };
  it('lists exactly the artist fields curators need that are missing', () => {
    expect(profileCompleteness({ ...personal, user_type_id: 1, profile: emptyArtistProfile })).toEqual({
      percent: 56,
      missing: ['artist_name', 'genres', 'spotify_link', 'bio'],
    });
    const full = {
      ...emptyArtistProfile,
      artist_name: 'The Night Owls',
      genres: [{ id: 1, name: 'pop' }],
      spotify_link: 'https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg',
      bio: 'Indie pop',
    };
    expect(profileCompleteness({ ...personal, user_type_id: 1, profile: full })).toEqual({
      percent: 100,
      missing: [],
    });
    expect(
      profileCompleteness({ ...personal, avatar: null, user_type_id: 1, profile: full }).missing,
    ).toEqual(['avatar']);
  });
  it('asks curators for the personal fields only', () => {
    expect(profileCompleteness({ ...personal, user_type_id: 2, profile: emptyArtistProfile }).percent).toBe(
      100,
    );
  });
});
