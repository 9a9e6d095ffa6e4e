/**
 * Keys of the artist's results (issue "Results"): their Spotify for Artists uploads and the tracks
 * they may upload for; `all` refreshes every one after an upload or a deletion.
 */
export const resultsKeys = {
  all: ['results'] as const,
  uploads: (page: number) => ['results', 'uploads', page] as const,
  tracks: ['results', 'tracks'] as const,
};
