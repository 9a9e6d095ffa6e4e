import { describe, expect, it } from 'vitest';
import { adminUserSchema, USER_GENRES_MAX } from './users';

const base = { name: 'Nora Keys', email: 'Nora@Example.com', user_type_id: 1, genre_ids: [1] };
const issues = (input: unknown) =>
  adminUserSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('user modal schema (spec section 5)', () => {
  it('requires name, email and user type with user.validation.required', () => {
    expect(issues({ genre_ids: [1] })).toEqual([
      'name:user.validation.required',
      'email:user.validation.required',
      'user_type_id:user.validation.required',
    ]);
  });

  it('requires a tier unless the user type is 1', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, user_type_id: 2 })).toEqual(['tier_id:user.validation.tier_required']);
    expect(issues({ ...base, user_type_id: 3, tier_id: null })).toEqual([
      'tier_id:user.validation.tier_required',
    ]);
    expect(issues({ ...base, user_type_id: 3, tier_id: 2 })).toEqual([]);
  });

  it('requires genres and allows at most 5', () => {
    expect(USER_GENRES_MAX).toBe(5);
    expect(issues({ ...base, genre_ids: [] })).toEqual(['genre_ids:user.validation.genres_required']);
    expect(issues({ ...base, genre_ids: [1, 2, 3, 4, 5, 6] })).toEqual([
      'genre_ids:user.validation.genres_max',
    ]);
    expect(issues({ ...base, genre_ids: [1, 2, 3, 4, 5] })).toEqual([]);
  });

  it('takes the phone in E.164 only; blank optional fields mean none', () => {
    expect(issues({ ...base, phone_number: '2015550123' })).toEqual([
      'phone_number:validation.phone_invalid',
    ]);
    const parsed = adminUserSchema.parse({ ...base, phone_number: '', country_code: '', spotify_link: ' ' });
    expect(parsed).toMatchObject({
      email: 'nora@example.com',
      phone_number: null,
      country_code: null,
      spotify_link: null,
    });
    expect(adminUserSchema.parse({ ...base, phone_number: '+12015550123' }).phone_number).toBe(
      '+12015550123',
    );
  });

  it("checks the profile links in the artist profile's formats (a Spotify link must be an artist page)", () => {
    expect(
      issues({
        ...base,
        spotify_link: 'https://open.spotify.com/track/0TnOYISbd1XYRBk9myaseg',
        tiktok_link: 'https://www.tiktok.com/yourname',
        twitter_link: 'https://example.com/x',
      }),
    ).toEqual([
      'spotify_link:user.validation.link_format_staff.spotify',
      'tiktok_link:user.validation.link_format_staff.tiktok',
      'twitter_link:user.validation.link_format_staff.twitter',
    ]);
    expect(
      issues({
        ...base,
        spotify_link: 'https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg',
        instagram_link: 'https://www.instagram.com/nora.keys',
        facebook_link: 'https://www.facebook.com/norakeys',
        tiktok_link: 'https://www.tiktok.com/@norakeys',
        twitter_link: 'https://x.com/norakeys',
      }),
    ).toEqual([]);
  });
});
