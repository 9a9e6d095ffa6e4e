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

/**
 * Form status ids: 1 Pending (every new form, spec section 4), 2 Completed (staff handled it), and
 * issue 36's 3 Needs information (staff ask the artist for more; the artist edits and resubmits) and
 * 4 Rejected (final: the form can no longer change).
 */
export const FORM_STATUS = { PENDING: 1, COMPLETED: 2, NEEDS_INFO: 3, REJECTED: 4 } as const;
export type FormStatusId = (typeof FORM_STATUS)[keyof typeof FORM_STATUS];
/** Status options of forms (spec section 4 "Form badge"; badges through `formStatus` of statuses.ts). */
export const FORM_STATUSES: readonly StatusEntry[] = [
  entry(1, 'Pending'),
  entry(2, 'Completed'),
  entry(3, 'Needs information'),
  entry(4, 'Rejected'),
];
/** Every form status id, in the order the apps list them. */
export const FORM_STATUS_IDS: readonly FormStatusId[] = [1, 2, 3, 4];

/** Whether `id` is a form status id. */
export function isFormStatus(id: number): id is FormStatusId {
  return (FORM_STATUS_IDS as readonly number[]).includes(id);
}

/**
 * The statuses staff may move a form to from each status (docs/decisions.md "Form statuses: needs
 * information, rejected"): Pending to any other; Completed back to Pending (reopened); Needs
 * information to Pending (request withdrawn), Completed or Rejected; Rejected nowhere (final). The
 * artist's own move, Needs information to Pending, is a resubmission of the edited form, not a
 * status change they choose. Setting the status a form already has changes nothing.
 */
export const FORM_TRANSITIONS: Readonly<Record<FormStatusId, readonly FormStatusId[]>> = {
  1: [2, 3, 4],
  2: [1],
  3: [1, 2, 4],
  4: [],
};

/** Statuses whose change carries a message to the artist, which staff must write (1 to 2000 characters). */
export const FORM_STATUSES_NEEDING_MESSAGE: readonly FormStatusId[] = [3, 4];
/** Statuses that take an optional message to the artist (Completed: what was done). */
export const FORM_STATUSES_WITH_MESSAGE: readonly FormStatusId[] = [2, 3, 4];
/** Length of staff's message to the artist with a status change (characters, after trimming). */
export const FORM_STATUS_MESSAGE_MAX = 2_000;
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

/**
 * Body of `PUT change_form_status/{id}/{status}` (optional: the mobile apps send none for 1 and 2)
 * and of the bulk status: staff's message to the artist, required for Needs information and Rejected
 * (`forms.message_required`), refused for Pending (`forms.message_not_sent`: the artist is not told).
 * Checked by the API's service so that a missing body and an empty one answer alike.
 */
export const formStatusMessageSchema = z.object({
  message: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(FORM_STATUS_MESSAGE_MAX, 'validation.too_long')
    .optional(),
});

/** Body of `POST /api/admin/forms/bulk/status`: the forms, the status and the message when it needs one. */
export const formBulkStatusFields = formStatusMessageSchema.extend({
  status_id: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid'),
});

/** Staff creating a form for an artist (`POST new_form`, INFLUENCER_ADD_FORM). */
export const staffPlaylistFormSchema = playlistFormSchema.extend({
  user_id: z.coerce.number({ error: required }).int().positive(required).max(2_147_483_647),
});
