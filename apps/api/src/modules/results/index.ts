/**
 * Public surface of the results module (issue "Results"): the artist's Spotify for Artists uploads,
 * campaign reports, "what worked for me", exports and share links. Other modules, the route table, the
 * jobs and the seeds import from here and never from the files behind it; the boundaries test
 * (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { exportRoutes } from './export.routes';
export { reportRoutes } from './report.routes';
export { playlistsDelivered } from './results.playlists';
export { campaignReport, coinsSpent, loadArtistResults, reportOf } from './results.report';
export { uploadStats } from './results.uploads';
export { shareRoutes } from './share.routes';
export { summaryRoutes } from './summary.routes';
export { resultsUploadRoutes } from './uploads.routes';
