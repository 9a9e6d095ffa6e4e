import { z } from 'zod';
import { LIMITS, UPLOAD_KEY_PATTERN } from './limits';
import { phoneNumberSchema } from './phone';
import { artistProfileFields } from './users';

/**
 * Request schemas of the auth calls (spec section 7 "Auth"). Messages are i18n keys of the shared
 * `messages` catalog (packages/contracts/src/i18n); the server translates them into the request
 * language and the apps translate the same keys client-side, so a user sees one wording.
 */

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(190, 'validation.too_long')
  .email('validation.email')
  .transform((v) => v.toLowerCase());

/**
 * Password rule: at least 8 characters ('8 Chars at least'), and not weak ('Weak Password'):
 * it must mix at least three of lower case, upper case, digits and symbols.
 */
export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(LIMITS.passwordMin, 'validation.password_min')
  .max(128, 'validation.too_long')
  .refine(isStrongPassword, 'validation.password_weak');

/** True when the password mixes at least three character classes (spec "Weak Password" rule). */
export function isStrongPassword(password: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= 3;
}

export const genderSchema = z.enum(['male', 'female', 'other'], { error: 'validation.gender_required' });

/** ISO date `YYYY-MM-DD`, a real day, not in the future, not before 1900 ('Invalid birth date'). */
export const birthDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.birth_date_invalid')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && d <= new Date()
    );
  }, 'validation.birth_date_invalid');

const confirmed = <T extends { password: string; password_confirmation: string }>(v: T) =>
  v.password === v.password_confirmation;

/** POST user/store-user */
export const registerSchema = z
  .object({
    first_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
    last_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string(),
    gender: genderSchema,
    user_type_id: z.coerce
      .number()
      .int()
      .refine((v) => v === 1 || v === 2 || v === 3, 'validation.required'),
    birth_date: birthDateSchema.optional(),
    phone_number: phoneNumberSchema.optional(),
  })
  .refine(confirmed, { path: ['password_confirmation'], message: 'validation.passwords_match' });
export type RegisterInput = z.input<typeof registerSchema>;

/** POST verify-user */
export const verifyEmailSchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, 'validation.code_invalid'),
});

/** POST user/resend-code, POST forget-password */
export const emailOnlySchema = z.object({ email: emailSchema });

/** POST user/login, POST admin/login */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'validation.required').max(128, 'validation.too_long'),
});

/** POST login-2fa */
export const login2faSchema = z.object({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, 'validation.code_invalid'),
});

/** POST user/reset-password */
export const resetPasswordSchema = z
  .object({
    email: emailSchema,
    token: z.string().min(20, 'auth.reset_link_invalid').max(200),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine(confirmed, { path: ['password_confirmation'], message: 'validation.passwords_match' });

/** POST user/reset/password/login (change password; current password not needed when a change is forced). */
export const changePasswordSchema = z
  .object({
    current_password: z.string().max(128).optional(),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine(confirmed, { path: ['password_confirmation'], message: 'validation.passwords_match' });

/** POST admin/password: an admin changes their own password (the current one is always required). */
export const adminChangePasswordSchema = z
  .object({
    current_password: z.string().min(1, 'validation.required').max(128, 'validation.too_long'),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine(confirmed, { path: ['password_confirmation'], message: 'validation.passwords_match' });

/** POST user/update-user/{id}: personal details and the artist profile fields. */
export const updateProfileSchema = z.object({
  ...artistProfileFields,
  first_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long').optional(),
  last_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long').optional(),
  gender: genderSchema.optional(),
  birth_date: birthDateSchema.nullable().optional(),
  phone_number: phoneNumberSchema.nullable().optional(),
  /** The key `file/upload` answered for a jpg/jpeg/png (never a link elsewhere). */
  avatar: z.string().regex(UPLOAD_KEY_PATTERN, 'validation.upload_key').nullable().optional(),
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/, 'validation.country_invalid')
    .nullable()
    .optional(),
});

/** POST user/two-factor */
export const twoFactorSchema = z.object({
  enabled: z.boolean(),
  password: z.string().min(1, 'validation.required').max(128),
});

/** POST oauth/gmail/register/complete */
export const oauthCompleteSchema = z.object({
  oauth_token: z.string().min(20).max(200),
  user_type_id: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2 || v === 3, 'validation.required'),
  gender: genderSchema,
});

/** Session user data of spec section 3 ("Session"), as `user/info` and login return it. */
export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  avatar: string | null;
  gender: 'male' | 'female' | 'other' | null;
  birth_date: string | null;
  phone_number: string | null;
  country_code: string | null;
  user_type_id: 1 | 2 | 3;
  status: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  must_change_password: boolean;
  oauth_type: string | null;
  abilities: { action: 'call'; subject: string }[];
  balance: number;
  /** The artist profile: what curators and staff see of the artist. */
  profile: ArtistProfile;
}

/** The artist profile fields of a user; null when not filled in. */
export interface ArtistProfile {
  artist_name: string | null;
  bio: string | null;
  genres: { id: number; name: string }[];
  spotify_link: string | null;
  instagram_link: string | null;
  facebook_link: string | null;
  tiktok_link: string | null;
  twitter_link: string | null;
}

/** Login answer: either a session, or the second step is required. */
export type LoginResult =
  | { two_factor: true; email: string }
  | {
      two_factor?: false;
      token: string;
      user: SessionUser;
      /** True on the account's first sign-in ever (the greeting is a welcome, not "welcome back"). */
      first_sign_in?: boolean;
    };

/** Admin session data (`admin/info`, `admin/login`). */
export interface SessionAdmin {
  id: number;
  name: string;
  email: string;
  roles: string[];
  abilities: { action: 'call'; subject: string }[];
}
