/**
 * Keys of the results' share links: the artist's list, and what a link shows (the public page). A
 * created or revoked link refreshes the list through `all`.
 */
export const resultsShareKeys = {
  all: ['results-share'] as const,
  links: ['results-share', 'links'] as const,
  campaigns: ['results-share', 'campaigns'] as const,
  shared: (token: string) => ['results-share', 'shared', token] as const,
};
