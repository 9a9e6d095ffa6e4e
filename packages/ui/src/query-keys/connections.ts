/** Keys of a seller's TikTok and Instagram accounts and their tiers, per platform. */
export const connectionKeys = {
  all: ['connections'] as const,
  accounts: (platform: string) => ['connections', platform, 'accounts'] as const,
  tiers: (platform: string) => ['connections', platform, 'tiers'] as const,
};

/** Keys of an artist's own connected profiles, tracks and sounds; `all` refreshes them together. */
export const artistConnectionKeys = {
  all: ['artist-connections'] as const,
  accounts: ['artist-connections', 'all'] as const,
  tracks: ['artist-connections', 'tracks'] as const,
  sounds: (platform: string) => ['artist-connections', 'sounds', platform] as const,
};
