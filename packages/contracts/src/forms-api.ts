import { z } from 'zod';

/**
 * Shapes of the playlist form answers (spec section 3 "Forms"): the lists, one form, its references
 * and the autofill from a track link. The API serialises its answers through these, so a field
 * missing here is missing on the wire; the apps import their types only (`import type`). They live
 * apart from `forms.ts` (statuses, limits and the request bodies the apps read at run time) so that
 * no app bundle carries these schemas.
 */
/** A form's status as the lists and the form show it. */
export const formStatusSchema = z.object({ id: z.number(), name: z.string(), kind: z.string() });
/**
 * One change of a form's status (issue 36): from which status (null for the form's creation, never
 * listed) to which, staff's message to the artist as written, who (staff or the artist resubmitting;
 * `name` is the staff member's for staff readers, null for the artist) and when.
 */
export const formStatusChangeSchema = z.object({
  id: z.number(),
  from: formStatusSchema.nullable(),
  to: formStatusSchema,
  message: z.string().nullable(),
  by: z.object({ kind: z.enum(['staff', 'artist']), name: z.string().nullable() }),
  created_at: z.string(),
});
/**
 * A form status as the reference list answers it (`GET /api/forms/statuses`): its name in the
 * reader's language, its badge kind, whether a change to it needs a message or takes one, and the
 * statuses staff may move a form from it to.
 */
export const formStatusOptionSchema = formStatusSchema.extend({
  needs_message: z.boolean(),
  takes_message: z.boolean(),
  next: z.array(z.number()),
});
/** One of a form's reference tracks. */
export const formReferenceSchema = z.object({ id: z.number(), reference: z.string(), form_id: z.number() });
/** A line of the forms lists, the user's and staff's (spec section 3 "Form list item"). */
export const formListItemSchema = z.object({
  id: z.number(),
  form_type: z.object({ id: z.number(), name: z.string() }),
  user: z.object({ id: z.number(), name: z.string() }),
  created_by: z.object({ name: z.string() }).nullable(),
  created_by_admin: z.object({ name: z.string() }).nullable(),
  status_id: formStatusSchema,
  track_url: z.string(),
  type: z.string(),
  created_at: z.string(),
});
/** A playlist form as `GET forms/{id}` answers it (spec section 3 "Playlist form"). */
export const formAnswerSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  form_type: z.number(),
  form_type_id: z.number().nullable(),
  status_id: z.number(),
  status: formStatusSchema,
  assigned_to: z.number().nullable(),
  created_by: z.number().nullable(),
  created_by_admin: z.number().nullable(),
  updated_by: z.number().nullable(),
  updated_by_admin: z.number().nullable(),
  phone_number: z.string(),
  location_timezone: z.string(),
  track_url: z.string(),
  facebook_link: z.string().nullable(),
  instagram_link: z.string().nullable(),
  twitter_link: z.string().nullable(),
  tiktok_link: z.string().nullable(),
  type: z.string(),
  release_date: z.string(),
  track_file: z.string(),
  track_file_url: z.string(),
  cover_image: z.string(),
  cover_image_url: z.string(),
  genre_id: z.number(),
  genre: z.string().nullable(),
  track_mood: z.string(),
  track_bio: z.string(),
  promotion: z.string(),
  previous_achievements: z.string(),
  distributor: z.string(),
  upc_code: z.string(),
  isrc_code: z.string().nullable(),
  label: z.string().nullable(),
  apple_track_id: z.string(),
  soundcloud_link: z.string().nullable(),
  extra_info: z.string().nullable(),
  reference: z.array(formReferenceSchema),
  /** The status changes, newest first (issue 36). */
  status_history: z.array(formStatusChangeSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
/** What the Apple Music or Spotify link of a track fills in on a new form. */
export const formAutofillSchema = z.object({
  found: z.boolean(),
  source: z.enum(['apple', 'spotify']),
  fields: z.object({
    apple_track_id: z.string().optional(),
    track_url: z.string().optional(),
    type: z.enum(['Single', 'Album', 'EP']).optional(),
    release_date: z.string().optional(),
  }),
  track: z
    .object({
      name: z.string(),
      artists: z.string(),
      album: z.string().nullable(),
      cover_url: z.string().nullable(),
    })
    .nullable(),
});

export type FormListItem = z.infer<typeof formListItemSchema>;
export type FormAnswer = z.infer<typeof formAnswerSchema>;
export type FormAutofill = z.infer<typeof formAutofillSchema>;
export type FormStatusChange = z.infer<typeof formStatusChangeSchema>;
export type FormStatusOption = z.infer<typeof formStatusOptionSchema>;
