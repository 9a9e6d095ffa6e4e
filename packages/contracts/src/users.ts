import { z } from 'zod';
import { LIMITS } from './limits';
import { phoneNumberSchema } from './phone';

/**
 * The back-office user modal (spec section 5 "User modal"), shared by the API (request validation)
 * and the admin app (client validation), so both show the same message under the same field.
 * Messages are keys of the shared catalog (packages/contracts/src/i18n, section `user`).
 */

/** Most genres a user may have (spec section 9: max 5 genres per user). */
export const USER_GENRES_MAX = LIMITS.genresPerUserMax;

const required = 'user.validation.required';

/** An optional field where an empty string means "none" (null). */
const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

/** The social platforms an artist profile links to (spec section 3 "User": *_link fields). */
export const SOCIAL_PLATFORMS = ['spotify', 'instagram', 'facebook', 'tiktok', 'twitter'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/**
 * What a profile link of each platform must look like (checked formats), with an example the
 * message `user.validation.link_format.<platform>` shows: an artist page on Spotify, a profile on the
 * others (http or https, `www.` optional, query string allowed).
 */
export const SOCIAL_LINK_FORMATS: Readonly<Record<SocialPlatform, { pattern: RegExp; example: string }>> = {
  spotify: {
    pattern:
      /^https?:\/\/open\.spotify\.com\/(intl-[a-z]{2}(-[a-z]{2})?\/)?artist\/[A-Za-z0-9]{22}\/?(\?\S*)?$/,
    example: 'https://open.spotify.com/artist/0TnOYISbd1XYRBk9myaseg',
  },
  instagram: {
    pattern: /^https?:\/\/(www\.)?instagram\.com\/[A-Za-z0-9._]{1,30}\/?(\?\S*)?$/,
    example: 'https://www.instagram.com/yourname',
  },
  facebook: {
    pattern: /^https?:\/\/(www\.|m\.)?(facebook|fb)\.com\/[A-Za-z0-9.\-_/]+\/?(\?\S*)?$/,
    example: 'https://www.facebook.com/yourpage',
  },
  tiktok: {
    pattern: /^https?:\/\/(www\.)?tiktok\.com\/@[A-Za-z0-9._]{2,24}\/?(\?\S*)?$/,
    example: 'https://www.tiktok.com/@yourname',
  },
  twitter: {
    pattern: /^https?:\/\/(www\.)?(twitter|x)\.com\/[A-Za-z0-9_]{1,15}\/?(\?\S*)?$/,
    example: 'https://x.com/yourname',
  },
};

/**
 * A profile link of `platform`: blank is none; otherwise its format or `user.validation.link_format.<platform>`
 * (the user's own profile: "your artist page"), `user.validation.link_format_staff.<platform>` in the
 * back-office (staff enter another person's link).
 */
export function socialLinkSchema(platform: SocialPlatform, audience: 'self' | 'staff' = 'self') {
  const { pattern } = SOCIAL_LINK_FORMATS[platform];
  return blankAsNull(
    z
      .string()
      .trim()
      .max(500, { message: 'validation.too_long', abort: true })
      .regex(
        pattern,
        `user.validation.${audience === 'staff' ? 'link_format_staff' : 'link_format'}.${platform}`,
      ),
  );
}

/**
 * Body of `POST /api/admin/users` and `PUT /api/admin/users/{id}`.
 * - name, email, user_type_id required (`user.validation.required`);
 * - tier_id required unless user_type_id is 1 (artist) (`user.validation.tier_required`);
 * - genre_ids required (`user.validation.genres_required`), at most 5 (`user.validation.genres_max`);
 * - image: a storage key returned by `file/upload` (jpg, jpeg or png, checked by the API);
 * - phone_number: any international number `parsePhone` takes, stored as E.164 (the modal's country
 *   defaults to the user's country, else US).
 */
export const adminUserSchema = z
  .object({
    name: z
      .string({ error: required })
      .trim()
      .min(1, { message: required, abort: true })
      .max(200, 'validation.too_long'),
    email: z
      .string({ error: required })
      .trim()
      .min(1, { message: required, abort: true })
      .max(190, { message: 'validation.too_long', abort: true })
      .email('validation.email')
      .transform((v) => v.toLowerCase()),
    user_type_id: z.coerce
      .number({ error: required })
      .int(required)
      .refine((v) => v === 1 || v === 2 || v === 3, required),
    tier_id: z.coerce.number().int().positive('user.validation.tier_required').nullable().optional(),
    genre_ids: z
      .array(z.coerce.number().int().positive('validation.invalid'), {
        error: 'user.validation.genres_required',
      })
      .min(1, 'user.validation.genres_required')
      .max(USER_GENRES_MAX, 'user.validation.genres_max'),
    image: z.string().trim().max(300, 'validation.too_long').nullable().optional(),
    phone_number: blankAsNull(phoneNumberSchema),
    country_code: blankAsNull(z.string().regex(/^[A-Z]{2}$/, 'validation.country_invalid')),
    // The same formats as the artist's own profile (/account): staff cannot save a link the artist could not.
    spotify_link: socialLinkSchema('spotify', 'staff'),
    instagram_link: socialLinkSchema('instagram', 'staff'),
    facebook_link: socialLinkSchema('facebook', 'staff'),
    tiktok_link: socialLinkSchema('tiktok', 'staff'),
    twitter_link: socialLinkSchema('twitter', 'staff'),
  })
  .superRefine((v, ctx) => {
    if (v.user_type_id !== 1 && !v.tier_id) {
      ctx.addIssue({ code: 'custom', path: ['tier_id'], message: 'user.validation.tier_required' });
    }
  });
export type AdminUserInput = z.input<typeof adminUserSchema>;
export type AdminUserBody = z.output<typeof adminUserSchema>;

/** Body of `POST /api/admin/users/{id}/decline`: an optional reason, sent to the user. */
export const declineUserSchema = z.object({
  reason: z.string().trim().max(500, 'validation.too_long').optional(),
});

/** Image types of the user modal (spec section 9: avatar jpg/jpeg/png). */
export const USER_IMAGE_MIME = ['image/jpeg', 'image/png'] as const;
export const USER_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Most characters of an artist's short bio on their profile (the API and the database refuse more). */
export const PROFILE_BIO_MAX = 300;
/** Most characters of an artist name. */
export const ARTIST_NAME_MAX = 100;

/**
 * The artist profile part of `POST user/update-user/{id}`: artist name, genres (at most 5,
 * the spec's message `user.validation.genres_max`), the five social links in their formats, a short
 * bio (at most {@link PROFILE_BIO_MAX}, `user.validation.bio_too_long`). Every field optional: what is
 * absent is left as it is; blank text clears it; out-of-range input is refused, never cut.
 */
export const artistProfileFields = {
  artist_name: blankAsNull(z.string().trim().max(ARTIST_NAME_MAX, 'validation.too_long')),
  genre_ids: z
    .array(z.coerce.number().int().positive('validation.invalid'))
    .max(USER_GENRES_MAX, 'user.validation.genres_max')
    .optional(),
  bio: blankAsNull(z.string().trim().max(PROFILE_BIO_MAX, 'user.validation.bio_too_long')),
  spotify_link: socialLinkSchema('spotify'),
  instagram_link: socialLinkSchema('instagram'),
  facebook_link: socialLinkSchema('facebook'),
  tiktok_link: socialLinkSchema('tiktok'),
  twitter_link: socialLinkSchema('twitter'),
};
