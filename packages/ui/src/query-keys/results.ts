/**
 * Keys of the artist's results (issue "Results"): their Spotify for Artists uploads and the tracks
 * they may upload for, one campaign's report, "what worked for me" by group; `all` refreshes every
 * one after an upload or a deletion.
 */
export const resultsKeys = {
  all: ['results'] as const,
  uploads: (page: number) => ['results', 'uploads', page] as const,
  tracks: ['results', 'tracks'] as const,
  campaign: (id: number) => ['results', 'campaign', id] as const,
  summary: (group: string) => ['results', 'summary', group] as const,
};

/** Keys of the back-office's reading of a campaign's results. */
export const adminResultsKeys = {
  all: ['admin-results'] as const,
  campaign: (id: number) => ['admin-results', 'campaign', id] as const,
};
