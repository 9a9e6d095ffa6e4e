/** Keys of the forms (`all` refreshes every one): one submitted form, the statuses' reference list in a language. */
export const formKeys = {
  all: ['forms'] as const,
  form: (id: number) => ['forms', id] as const,
  statuses: (lang: string) => ['forms', 'statuses', lang] as const,
};
