import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * The back-office user modal (spec section 5 "User modal"), shared by the API (request validation)
 * and the admin app (client validation), so both show the same message under the same field.
 * Messages are keys of the shared catalog (packages/contracts/src/i18n, section `user`).
 */

/** Most genres a user may have (spec section 9: max 5 genres per user). */
export const USER_GENRES_MAX = LIMITS.genresPerUserMax;

/** Default country of the modal's phone field (spec section 5: phone defaults to US). */
export const DEFAULT_PHONE_COUNTRY = 'US';

const required = 'user.validation.required';

/**
 * An international phone number in E.164 form (leading +, spec section 5), checked against the
 * numbering plan of its country by libphonenumber-js (not only its shape).
 */
export const e164PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, { message: 'validation.phone_invalid', abort: true })
  .refine((v) => isValidPhoneNumber(v), 'validation.phone_invalid');

/** An optional field where an empty string means "none" (null). */
const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

const link = blankAsNull(
  z
    .string()
    .trim()
    .max(500, { message: 'validation.too_long', abort: true })
    .url({ message: 'validation.invalid', abort: true })
    .refine((v) => /^https?:\/\//i.test(v), 'validation.invalid'),
);

/**
 * Body of `POST /api/admin/users` and `PUT /api/admin/users/{id}`.
 * - name, email, user_type_id required (`user.validation.required`);
 * - tier_id required unless user_type_id is 1 (artist) (`user.validation.tier_required`);
 * - genre_ids required (`user.validation.genres_required`), at most 5 (`user.validation.genres_max`);
 * - image: a storage key returned by `file/upload` (jpg, jpeg or png, checked by the API);
 * - phone_number: E.164 with a leading + (the modal defaults the country to US).
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
    phone_number: blankAsNull(e164PhoneSchema),
    country_code: blankAsNull(z.string().regex(/^[A-Z]{2}$/, 'validation.country_invalid')),
    spotify_link: link,
    instagram_link: link,
    facebook_link: link,
    tiktok_link: link,
    twitter_link: link,
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
