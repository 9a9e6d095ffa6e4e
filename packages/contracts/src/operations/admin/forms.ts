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
};
