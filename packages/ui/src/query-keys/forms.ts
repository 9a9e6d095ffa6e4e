/** Keys of the forms: one submitted form, and the statuses' reference list in a language. */
export const formKeys = {
  form: (id: number) => ['forms', id] as const,
  statuses: (lang: string) => ['forms', 'statuses', lang] as const,
};
