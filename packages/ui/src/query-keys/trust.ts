/** Keys of the back-office's trust flags: `all` refreshes every flag after a decision. */
export const trustFlagKeys = {
  all: ['admin/trust/flags'] as const,
  flag: (id: number) => ['admin/trust/flags', id] as const,
};
