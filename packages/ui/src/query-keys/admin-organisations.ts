/** The back-office's organisations (issue 35): one organisation's detail, a user's organisations. */
export const adminOrganisationKeys = {
  all: ['admin/organisations'] as const,
  detail: (id: number) => ['admin/organisations', id] as const,
  ofUser: (userId: number) => ['admin/organisations', 'user', userId] as const,
};
