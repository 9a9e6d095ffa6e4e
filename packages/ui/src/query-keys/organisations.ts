/**
 * Keys of organisations (issue 35): my organisations (the switcher's entries and my rules), one
 * organisation's profile, team, invitations, roster, money and statement, an invitation link's
 * preview, and the artist's side. A change to an organisation refreshes its keys through
 * `organisation(id)`; the cache as a whole is reset when the tab's acting context changes
 * (`useSwitchActing`).
 */
export const organisationKeys = {
  all: ['organisations'] as const,
  mine: ['organisations', 'mine'] as const,
  organisation: (id: number) => ['organisations', 'one', id] as const,
  profile: (id: number) => ['organisations', 'one', id, 'profile'] as const,
  members: (id: number) => ['organisations', 'one', id, 'members'] as const,
  invites: (id: number) => ['organisations', 'one', id, 'invites'] as const,
  roster: (id: number) => ['organisations', 'one', id, 'roster'] as const,
  dashboard: (id: number) => ['organisations', 'one', id, 'dashboard'] as const,
  budgets: (id: number) => ['organisations', 'one', id, 'budgets'] as const,
  wallet: (id: number) => ['organisations', 'one', id, 'wallet'] as const,
  invoices: (id: number) => ['organisations', 'one', id, 'invoices'] as const,
  statement: (id: number, month: string) => ['organisations', 'one', id, 'statement', month] as const,
  invitePreview: (token: string) => ['organisations', 'invite', token] as const,
  artistSide: ['organisations', 'artist-side'] as const,
};
