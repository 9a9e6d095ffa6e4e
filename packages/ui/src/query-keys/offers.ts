/**
 * Keys of the offers artists choose from (playlists and creator accounts): profiles and matched
 * suggestions. Under `express` so a change of a playlist (`expressKeys.all`) refreshes them too.
 */
export const offerKeys = {
  all: ['express', 'offers'] as const,
  /** One offer's profile: `playlist` or the creator platform's key, and the offer's id. */
  profile: (kind: string, id: number) => ['express', 'offers', 'profile', kind, id] as const,
  /** The matched suggestions for a track (the song step's answers, as query parameters). */
  matched: (kind: string, buyer: string, query: Record<string, unknown>) =>
    ['express', 'offers', 'matched', kind, buyer, query] as const,
};
