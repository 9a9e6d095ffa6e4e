/** Keys of the back-office's forms: one submitted form. */
export const formKeys = {
  form: (id: number) => ['forms', id] as const,
};
