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
    description: `Replaces the form's fields. A user changes only their own (another's answers 404) while it is Pending or Needs information (409 otherwise); saving a form that needed information resubmits it: Pending again, kept in its status history, the staff who handle forms told (message "sent to the team again"). Staff change any form but a rejected one (409 \`forms.status_final\`). ${F}`,
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
    description: `Form \`id\` with every field, its files, references and \`status_history\` (newest first: from, to, staff's message, by staff or the artist, when; the staff member's name only for staff readers); a user reads only their own (another's answers 404). ${F}`,
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
    description: `Sets status \`status\` (1 Pending, 2 Completed, 3 Needs information, 4 Rejected; another answers 422) of form \`id\`. Optional body \`{ message }\`: staff's message to the artist, 1 to 2000 characters, required for 3 and 4 (422 \`forms.message_required\`), optional for 2, refused for 1 (422 \`forms.message_not_sent\`); clients sending no body keep working for 1 and 2. Only the moves of docs/decisions.md "Form statuses: needs information, rejected": Rejected is final (409 \`forms.status_final\`), a completed form is reopened to Pending first (409 \`forms.reopen_first\`); the status it already has changes nothing. Each change is kept in the form's \`status_history\`; the artist is told in-app and by mail in their language for 2, 3 and 4, with the message as written. The form's row is locked, so two staff changing it at once are ordered. Audited. ${F} Issue 36.`,
    errors: [409],
    examples: { request: { message: 'Please add the ISRC of the single and a link to the music video.' } },
  },
  'GET /api/forms/statuses': {
    id: 'forms.listStatuses',
    summary: 'List the playlist form statuses',
    description: `Every form status with its name in the reader's language, its badge kind, whether a change to it needs (\`needs_message\`) or takes (\`takes_message\`) a message to the artist, and the statuses staff may move a form from it to (\`next\`). Reference data of the apps' badges, filters and status choices. Issue 36.`,
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
