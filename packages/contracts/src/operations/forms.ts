import type { OperationDocs } from './types';

const F = 'Spec section 7, "Forms".';
const FIELDS =
  'Fields of spec section 3 "Playlist form": personal (phone, location/time zone, track URL, social links), song (type Single/Album/EP, release date, genre, mood, bio, cover image, track file on create), artist (promotion, achievements, distributor, UPC, ISRC, at most 5 references), extra (Apple track id, SoundCloud, label, extra info); rules of spec section 5.';

/** Playlist forms an approved artist submits about a track (tag `forms`). */
export const formsOperations: OperationDocs = {
  'POST /api/user/new_form': {
    id: 'forms.create',
    summary: 'Submit a playlist form (approved artist)',
    description: `Creates a form at status 1. ${FIELDS} A non-approved artist answers 409 "Artist Should Be Approved" (spec section 6); a missing track file or unknown genre 422. ${F}`,
    errors: [409],
  },
  'POST /api/new_form': {
    id: 'forms.createForArtist',
    summary: 'Submit a playlist form for an artist (staff)',
    description: `As \`POST /api/user/new_form\` for the approved artist \`user_id\` (409 when not approved). Audited. ${F}`,
    errors: [409],
  },
  'POST /api/forms/{id}': {
    id: 'forms.update',
    summary: 'Change a playlist form',
    description: `Replaces the form's fields while it is pending (409 otherwise). A user changes only their own (another's answers 404); staff any. ${F}`,
    errors: [409],
  },
  'GET /api/forms': {
    id: 'forms.list',
    summary: 'List playlist forms',
    description: `Forms with type, creator and status (spec section 3 "Form list item"), paged, searched and filtered; a user sees their own, staff every form. ${F}`,
  },
  'GET /api/forms/{id}': {
    id: 'forms.get',
    summary: 'Read a playlist form',
    description: `Form \`id\` with every field, its files and references; a user reads only their own (another's answers 404). ${F}`,
  },
  'GET /api/references/{id}': {
    id: 'forms.listReferences',
    summary: "A playlist form's references",
    description: `The references (at most 5) of form \`id\`; a user reads only their own form's (404 otherwise). ${F}`,
  },
  'GET /api/indexAllForms/{id}': {
    id: 'forms.listForUser',
    summary: "List a user's playlist forms (staff)",
    description: `The forms of user \`id\`, paged. Spec section 7, "Admin user overview".`,
  },
  'PUT /api/change_form_status/{id}/{status}': {
    id: 'forms.setStatus',
    summary: "Set a playlist form's status (staff)",
    description: `Sets status \`status\` of form \`id\` (an unknown status answers 422); the artist is told. Audited. ${F}`,
  },
  'DELETE /api/delete-forms/{id}': {
    id: 'forms.delete',
    summary: 'Delete a playlist form (staff)',
    description: `Removes form \`id\` and its references. Audited. ${F}`,
  },
  'GET /api/apple_autofill/{query}': {
    id: 'forms.autofillFromApple',
    summary: 'Fill a form from an Apple Music track',
    description: `Looks \`query\` (an Apple Music link or track id) up and answers the fields it can fill; \`found: false\` with a message when nothing matches. An artist must be approved (409); the catalogue unreachable answers 409. ${F}`,
    errors: [409],
  },
  'GET /api/spotify_autofill/{query}': {
    id: 'forms.autofillFromSpotify',
    summary: 'Fill a form from a Spotify track',
    description: `Reads the Spotify track at \`query\` (a track link; anything else 422) and answers the fields it can fill. An artist must be approved (409); Spotify unreachable answers 409. ${F}`,
    errors: [409],
  },
};
