/** Keys of custom campaigns in the user app; `all` refreshes every one after a campaign changes. */
export const customKeys = {
  all: ['custom'] as const,
  stats: ['custom', 'stats'] as const,
  detail: (id: number) => ['custom', 'detail', id] as const,
  published: ['custom', 'published'] as const,
};
