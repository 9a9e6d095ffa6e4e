import { z } from 'zod';
import { UPLOAD_KEY_PATTERN } from './limits';
import { phoneNumberSchema } from './phone';
import { entry, type StatusEntry } from './statuses';
import { socialLinkSchema } from './users';

/**
 * Playlist forms (spec sections 2, 3 "Playlist form", 5 form steps, 6 form permissions, 7
 * "Forms"). Shared by the API (request validation) and both apps (the 5-step wizard), so the client
 * shows the same message key the server returns.
 */

/** Form status ids: 1 Pending (every new form, spec section 4), 2 Completed (staff handled it). */
export const FORM_STATUS = { PENDING: 1, COMPLETED: 2 } as const;
export type FormStatusId = (typeof FORM_STATUS)[keyof typeof FORM_STATUS];
/** Status options of forms (spec section 4 "Form badge"; badges through `formStatus` of statuses.ts). */
export const FORM_STATUSES: readonly StatusEntry[] = [entry(1, 'Pending'), entry(2, 'Completed')];
/** `form_type` of a playlist form (spec section 3: form_type 1), the only kind of form there is. */
export const PLAYLIST_FORM_TYPE = 1;

/** Spec section 5: "All European Countries, US, India". */
export const FORM_LOCATIONS = ['europe', 'us', 'india'] as const;
/** Spec section 3 `type`. */
export const FORM_TRACK_TYPES = ['Single', 'Album', 'EP'] as const;
/** Spec section 5: "max 5 references". */
export const FORM_REFERENCES_MAX = 5;

/** Lengths of the form's free-text fields (not in the spec; a longer text is refused, never cut). */
export const FORM_LIMITS = {
  shortText: 200,
  longText: 2_000,
  link: 500,
  mood: 100,
  reference: 500,
} as const;

/** Types the track file and the cover image may have (detected from the bytes by `file/upload`). */
export const FORM_TRACK_MIMES: readonly string[] = ['audio/mpeg', 'audio/wav', 'audio/x-wav'];
export const FORM_IMAGE_MIMES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif'];
/** Extensions the wizard's drop zones accept (spec section 5: mp3/wav; png/jpg/jpeg/gif). */
export const FORM_TRACK_EXTENSIONS = ['mp3', 'wav'] as const;
export const FORM_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;

const required = 'validation.required';
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());
const text = (max: number) =>
  z.preprocess(blank, z.string({ error: required }).trim().min(1, required).max(max, 'validation.too_long'));
const optionalText = (max: number) => blankAsNull(z.string().trim().max(max, 'validation.too_long'));
const url = z
  .string()
  .trim()
  .max(FORM_LIMITS.link, { message: 'validation.too_long', abort: true })
  .url({ message: 'validation.url_invalid', abort: true })
  .refine((v) => /^https?:\/\//i.test(v), 'validation.url_invalid');
const uploadKey = z.string().regex(UPLOAD_KEY_PATTERN, 'validation.upload_key');

/** Step 1, Personal Details: phone, location/time zone and track URL required; social links optional. */
export const formPersonalSchema = z.object({
  phone_number: z.preprocess(blank, z.string({ error: required }).pipe(phoneNumberSchema)),
  location_timezone: z.enum(FORM_LOCATIONS, { error: required }),
  track_url: z.preprocess(blank, z.string({ error: required }).pipe(url)),
  facebook_link: socialLinkSchema('facebook'),
  instagram_link: socialLinkSchema('instagram'),
  twitter_link: socialLinkSchema('twitter'),
  tiktok_link: socialLinkSchema('tiktok'),
});

/**
 * Step 2, Song Details: type, release date (YYYY-MM-DD), genre, mood, bio and cover image required;
 * the track file required on create (`forms.files_required`, 'Please upload track file and cover
 * image', spec section 5), kept as it is on edit when absent.
 */
export const formSongSchema = z.object({
  type: z.enum(FORM_TRACK_TYPES, { error: required }),
  release_date: z.preprocess(
    blank,
    z
      .string({ error: required })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date_invalid')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'validation.date_invalid'),
  ),
  genre_id: z.coerce.number({ error: required }).int(required).positive(required).max(2_147_483_647),
  track_mood: text(FORM_LIMITS.mood),
  track_bio: text(FORM_LIMITS.longText),
  cover_image: z.preprocess(blank, z.string({ error: 'forms.files_required' }).pipe(uploadKey)),
  track_file: blankAsNull(uploadKey),
});

/** Step 3, Artist Details: promotion, achievements, distributor, UPC (digits) required; ISRC optional; up to 5 references. */
export const formArtistSchema = z.object({
  promotion: text(FORM_LIMITS.longText),
  previous_achievements: text(FORM_LIMITS.longText),
  distributor: text(FORM_LIMITS.shortText),
  upc_code: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blank(v)),
    z
      .string({ error: required })
      .trim()
      .regex(/^\d{8,14}$/, 'forms.upc_invalid'),
  ),
  isrc_code: blankAsNull(
    z
      .string()
      .trim()
      .transform((v) => v.replaceAll('-', '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, 'forms.isrc_invalid')),
  ),
  reference: z
    .array(
      z.preprocess(
        blank,
        z
          .string({ error: required })
          .trim()
          .min(1, required)
          .max(FORM_LIMITS.reference, 'validation.too_long'),
      ),
      { error: 'validation.invalid' },
    )
    .max(FORM_REFERENCES_MAX, 'forms.references_max')
    .default([]),
});

/** Step 4, Extra Info: Apple track ID (a number) required; SoundCloud link, label, extra info optional. */
export const formExtraSchema = z.object({
  apple_track_id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blank(v)),
    z
      .string({ error: required })
      .trim()
      .regex(/^\d{1,15}$/, 'forms.apple_id_invalid'),
  ),
  soundcloud_link: blankAsNull(url),
  label: optionalText(FORM_LIMITS.shortText),
  extra_info: optionalText(FORM_LIMITS.longText),
});

/** Step 5, About: the 'I agree' box must be ticked before Submit (spec section 2). */
export const formAboutSchema = z.object({
  agree: z.literal(true, { error: 'forms.agree_required' }),
});

/**
 * Body of `POST user/new_form`, `POST new_form` (staff, with `user_id`) and `POST forms/{id}`: the
 * five steps. Files are storage keys from `file/upload` (their types are checked by the API against
 * {@link FORM_TRACK_MIMES} / {@link FORM_IMAGE_MIMES}).
 */
export const playlistFormSchema = formPersonalSchema
  .extend(formSongSchema.shape)
  .extend(formArtistSchema.shape)
  .extend(formExtraSchema.shape)
  .extend(formAboutSchema.shape);
export type PlaylistFormInput = z.input<typeof playlistFormSchema>;
export type PlaylistFormBody = z.output<typeof playlistFormSchema>;

/** Staff creating a form for an artist (`POST new_form`, INFLUENCER_ADD_FORM). */
export const staffPlaylistFormSchema = playlistFormSchema.extend({
  user_id: z.coerce.number({ error: required }).int().positive(required).max(2_147_483_647),
});
