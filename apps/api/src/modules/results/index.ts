/**
 * Public surface of the results module (issue "Results"): the artist's Spotify for Artists uploads,
 * campaign reports, "what worked for me", exports and share links. Other modules, the route table and
 * the seeds import from here only.
 */

export { reportRoutes } from './report.routes';
export { campaignReport, coinsSpent, loadArtistResults, reportOf } from './results.report';
