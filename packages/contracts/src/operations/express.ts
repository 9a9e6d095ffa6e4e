import type { OperationDocs } from './types';

const R = 'Issue "Results".';

/** Campaign results: reports, summaries, exports, share links, Spotify for Artists uploads (tag `results`). */
export const expressOperations: OperationDocs = {
  'GET /api/results/campaigns/{id}': {
    id: 'results.getCampaignReport',
    summary: "One campaign's results report (artist)",
    description: `What campaign \`id\` (any platform) brought: placement days and positions, followers reached, video views, streams from the artist's Spotify for Artists uploads, the coins spent and the refund. Another's campaign answers 404. ${R}`,
  },
  'POST /api/results/share-links': {
    id: 'results.createShareLink',
    summary: "Create a read-only link to one's results",
    description: `A link for a manager or label to one campaign's report (\`campaign_id\`) or to all the artist's results (none), valid \`days\` days; the token is signed, so a forged one is refused before any read. A campaign not the artist's answers 422. ${R}`,
  },
  'GET /api/results/share-links': {
    id: 'results.listShareLinks',
    summary: "List one's share links",
    description: `The artist's links with their URL, scope, expiry, revocation and how often each was opened. ${R}`,
  },
  'POST /api/results/share-links/{id}/revoke': {
    id: 'results.revokeShareLink',
    summary: 'Revoke a share link',
    description: `The link stops working at once; revoking again changes nothing. Another's link answers 404. ${R}`,
  },
  'GET /api/public/results/{token}': {
    id: 'results.readShared',
    summary: 'Read results through a share link',
    description: `For anyone holding the link: the campaign's report or the artist's campaigns' reports, when the signature holds, the link is neither revoked nor expired and the artist still active; otherwise 404 without saying why. Each open is counted; never cached by shared caches. ${R}`,
  },
  'GET /api/results/summary': {
    id: 'results.getSummary',
    summary: "One's results over all campaigns",
    description: `Totals and a timeline of the artist's campaigns grouped by \`group\` (platform, month...): coins spent, placements, reach, streams. ${R}`,
  },
  'GET /api/results/export.csv': {
    id: 'results.exportCsv',
    summary: "One's results as CSV",
    description: `One row per campaign of the artist (text/csv, UTF-8 with BOM, column names in the request language; cells that could run as spreadsheet formulas are neutralised). ${R}`,
  },
  'GET /api/results/report.pdf': {
    id: 'results.exportPdf',
    summary: "One's results as a PDF report",
    description: `The artist's results as a PDF (application/pdf) in the request language. ${R}`,
  },
  'POST /api/results/uploads': {
    id: 'results.uploadSpotifyForArtists',
    summary: 'Upload a Spotify for Artists CSV export',
    description: `Multipart: \`file\` (a Spotify for Artists CSV export, at most 1 MiB) and \`track_id\` (a track one of the artist's Spotify campaigns promoted; needed for a song timeline, none for the audience timeline). The file is checked whole before anything is stored; a day already stored takes this file's figures. 201 with the upload; 200 with \`created: false\` when the same file was uploaded before. A bad file or track answers 422. ${R}`,
    errors: [413],
  },
  'GET /api/results/uploads': {
    id: 'results.listUploads',
    summary: "List one's Spotify for Artists uploads",
    description: `The artist's uploads, newest first, paged, each with its track and the days it covers. ${R}`,
  },
  'DELETE /api/results/uploads/{id}': {
    id: 'results.deleteUpload',
    summary: 'Delete a Spotify for Artists upload',
    description: `Removes the upload and the days it still holds. Another's upload answers 404. ${R}`,
  },
  'GET /api/results/tracks': {
    id: 'results.listTracks',
    summary: 'Tracks one can upload streams for',
    description: `The Spotify tracks the artist's campaigns promoted (what \`track_id\` of an upload may be). ${R}`,
  },
};
