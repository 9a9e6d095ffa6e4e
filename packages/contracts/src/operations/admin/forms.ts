import type { OperationDocs } from '../types';
import { AUDITED, PAGED } from './common';

const FORMS = 'Spec section 7 "Forms"; issue 13 "Playlist forms and artist connections".';
const FIELDS =
  'The five wizard steps of spec section 5: personal (phone, location/time zone, track URL, social links), song (type Single/Album/EP, release date, genre, mood, bio, cover image, track file mp3 or wav), artist (promotion, previous achievements, distributor, UPC code, ISRC, up to 5 references), extra (Apple track ID, SoundCloud link, label, extra info)';

/** Playlist forms: staff's form for an artist and the paths both apps call (spec sections 2, 3, 5, 6, 7; issue 13). */
export const formsOperations: OperationDocs = {
  'POST /api/new_form': {
    id: 'admin.forms.createForArtist',
    summary: 'Create a playlist form for an artist',
    description: `Body \`user_id\` and the form's fields. ${FIELDS}. Only an Approved artist may have a new form: 409 \`forms.artist_not_approved\` ("Artist Should Be Approved"), checked under a lock of the artist's row. Starts at status 1 Pending; the staff who handle forms are told. File and genre errors 422. Answers \`{ id }\`. ${AUDITED} Spec section 6 "Non-approved artist adding a form"; ${FORMS}`,
    errors: [409],
  },
  'POST /api/forms/{id}': {
    id: 'admin.forms.update',
    summary: 'Edit a playlist form',
    description: `Both apps: staff (\`EDIT_FORM\`) edit any form; a user only their own (another's answers 404) while it is Pending (409 \`forms.not_pending\`). The whole form is replaced (the track file kept when none is sent), references included. ${FIELDS}. File and genre errors 422. Spec section 2 "Playlist Form Submission / Edit Form wizard"; ${FORMS}`,
    errors: [409],
  },
  'GET /api/forms': {
    id: 'admin.forms.list',
    summary: 'List playlist forms',
    description: `Both apps: a user's own forms, or every form for staff (\`VIEW_FORM\`). \`filter[status_id]\` (1 Pending or 2 Completed), \`filter[user_id]\`; other values answer 422 on \`filter.<name>\`; \`q\`. ${PAGED} Spec section 2 "/forms/list" and section 3 "Form list item".`,
  },
  'GET /api/forms/{id}': {
    id: 'admin.forms.get',
    summary: 'Read a playlist form',
    description: `Both apps: every field of spec section 3 "Playlist form", its references, the genre's name, the artist and links to its files. A user reaches only their own (another's answers 404). Spec section 2 "/forms/{formId}"; ${FORMS}`,
  },
  'GET /api/references/{id}': {
    id: 'admin.forms.listReferences',
    summary: "List a playlist form's references",
    description: `Both apps: the form's references (\`{ id, reference, form_id }\`) in their order. A user reaches only their own form's. ${FORMS}`,
  },
  'GET /api/indexAllForms/{id}': {
    id: 'admin.forms.listForUser',
    summary: "List one user's playlist forms",
    description: `The forms of user \`{id}\` for the user overview, with the same filters as the forms list. ${PAGED} Spec section 7 "Admin user overview: indexAllForms/{id}".`,
  },
  'PUT /api/change_form_status/{id}/{status}': {
    id: 'admin.forms.setStatus',
    summary: "Set a playlist form's status",
    description: `\`{status}\` 1 Pending or 2 Completed (the Edit Form side panel). The artist is told when their form becomes Completed; setting the status it already has changes nothing and tells no one. ${AUDITED} Spec section 2 "Edit Form side panel"; ${FORMS}`,
    examples: { response: { message: 'Form status saved' } },
  },
  'DELETE /api/delete-forms/{id}': {
    id: 'admin.forms.delete',
    summary: 'Delete a playlist form',
    description: `Deletes the form and its references. ${AUDITED} Spec section 7 "Forms: DELETE delete-forms/{id}".`,
  },
  'GET /api/admin/forms/artists': {
    id: 'admin.forms.searchArtists',
    summary: 'Search approved artists for the staff form',
    description: `Approved, live artists whose name, artist name or e-mail contains \`q\` (or the one user \`id\`), newest first, at most 20, with their wallet balance. The artist picker of staff's new form. ${FORMS}`,
  },
  'GET /api/apple_autofill/{query}': {
    id: 'admin.forms.autofillApple',
    summary: 'Fill form fields from an Apple Music track',
    description: `Both apps (a user must be an Approved artist: 409 \`forms.artist_not_approved\`). \`{query}\` (at most 300): an Apple track id or Apple Music link, else a search term whose best match is taken; answers the Apple track ID, release date and type. 409 \`forms.autofill_unavailable\` when Apple does not answer. Spec section 7 "Forms: apple_autofill/{x}".`,
    errors: [409],
  },
  'GET /api/spotify_autofill/{query}': {
    id: 'admin.forms.autofillSpotify',
    summary: 'Fill the track URL from a Spotify track',
    description: `Both apps (a user must be an Approved artist: 409 \`forms.artist_not_approved\`). \`{query}\` (at most 300): a Spotify track link, URI or id; answers the track URL with its name, artists, album and cover. 422 \`forms.autofill_not_track\` when it names no track; 409 \`forms.autofill_unavailable\` when Spotify does not answer. Spec section 7 "Forms: spotify_autofill/{x}".`,
    errors: [409],
  },
};
