import type { OperationDocs } from '../types';

const FORMS = 'Spec section 7 "Forms"; issue 13 "Playlist forms and artist connections".';
const _FIELDS =
  'The five wizard steps of spec section 5: personal (phone, location/time zone, track URL, social links), song (type Single/Album/EP, release date, genre, mood, bio, cover image, track file mp3 or wav), artist (promotion, previous achievements, distributor, UPC code, ISRC, up to 5 references), extra (Apple track ID, SoundCloud link, label, extra info)';

/** Playlist forms: staff's form for an artist and the paths both apps call (spec sections 2, 3, 5, 6, 7; issue 13). */
export const formsOperations: OperationDocs = {
  'GET /api/admin/forms/artists': {
    id: 'admin.forms.searchArtists',
    summary: 'Search approved artists for the staff form',
    description: `Approved, live artists whose name, artist name or e-mail contains \`q\` (or the one user \`id\`), newest first, at most 20, with their wallet balance. The artist picker of staff's new form. ${FORMS}`,
  },
  'POST /api/admin/forms/bulk/status': {
    id: 'admin.forms.bulkStatus',
    summary: 'Set the status of several playlist forms',
    description: `Body \`ids\` (1 to 100 form ids; 422 \`bulk.none\`, \`bulk.too_many\`), \`status_id\` and \`message\` (as \`PUT /api/change_form_status/{id}/{status}\`: required for 3 Needs information and 4 Rejected, refused for 1; a bad status or message answers 422 before any form changes). Needs CHANGE_STATUS, as the single change. Each form runs through the single change (same transitions, history, audit entry, the artist told), each in its own transaction, in the order given. Answers per id \`ok\` or the refusal with its key and words (\`forms.status_final\`, \`forms.reopen_first\`, \`errors.not_found\`), a form already at the status as \`ok\` with \`forms.status_already\`, and the counts. Issue 36 "Lists".`,
    examples: { request: { ids: [41, 42], status_id: 3, message: 'Please add a link to the music video.' } },
  },
};
