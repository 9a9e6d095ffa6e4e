/** Keys of the back-office's global search (issue 36): the answer to one query. */
export const adminSearchKeys = {
  all: ['admin/search'] as const,
  find: (q: string) => ['admin/search', q] as const,
};
