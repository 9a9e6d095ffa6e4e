/**
 * Organisations (issue 35, DESIGN.md section 9): kinds, team roles, roster statuses and the abilities
 * of each role, as CASL rules both the API (per request) and the user app (what to show) build from.
 */

/** What an organisation is (shown on its profile and in the back-office). */
export const ORGANISATION_KINDS = ['label', 'management', 'agency'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/** Team roles, most powerful first. */
export const ORGANISATION_ROLES = ['owner', 'admin', 'campaign_manager', 'finance', 'viewer'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

/** Roster statuses of an artist in an organisation. */
export const ROSTER_STATUSES = ['invited', 'active', 'refused', 'left', 'removed'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

/**
 * What a member may act on:
 * - `Organisation`: its profile (update), the organisation itself (delete);
 * - `Billing`: coins bought into the organisation's wallet, its invoices and billing details;
 * - `Funding`: transfers to artists' wallets and monthly budgets (read: see budgets and spend);
 * - `Statement`: the monthly statement;
 * - `Team`, `Roster`: members and invitations; the artists;
 * - `Artist`: what the artist screens do for one artist of the roster (campaigns, messages, results),
 *   `read` or `manage`; carries the artist's user id as a condition.
 */
export const ORGANISATION_SUBJECTS = [
  'Organisation',
  'Billing',
  'Funding',
  'Statement',
  'Team',
  'Roster',
  'Artist',
] as const;
export type OrganisationSubject = (typeof ORGANISATION_SUBJECTS)[number];
/** `manage` includes `read`, `update` and `delete` (CASL's manage means every action). */
export type OrganisationAction = 'read' | 'update' | 'delete' | 'manage';

/** One CASL rule of a member's ability (serialisable: sent to the user app with the organisation). */
export interface OrganisationRule {
  action: OrganisationAction | OrganisationAction[];
  subject: OrganisationSubject | OrganisationSubject[];
  conditions?: { organisationId: number; artistUserId?: { $in: number[] } };
  inverted?: boolean;
}

/**
 * The CASL rules of a member of organisation `organisationId` with `role`, limited to `artistUserIds`
 * when given (the role's rules on `Artist` and `Roster` then hold only for those artists; `null` =
 * every artist of the roster). Issue 35's roles: Owner everything; Admin roster, team and artists,
 * funding read-only, no billing, no deleting; Campaign manager manages the artists assigned, reads
 * their roster entries and budgets; Finance billing, funding and the statement, read-only elsewhere;
 * Viewer read-only, without billing.
 */
export function organisationRules(
  organisationId: number,
  role: OrganisationRole,
  artistUserIds: readonly number[] | null,
): OrganisationRule[] {
  const org = { organisationId };
  const artists =
    artistUserIds === null ? org : { organisationId, artistUserId: { $in: [...artistUserIds] } };
  switch (role) {
    case 'owner':
      return [{ action: 'manage', subject: [...ORGANISATION_SUBJECTS], conditions: org }];
    case 'admin':
      return [
        { action: 'read', subject: 'Organisation', conditions: org },
        { action: 'update', subject: 'Organisation', conditions: org },
        { action: 'manage', subject: 'Team', conditions: org },
        { action: 'manage', subject: ['Roster', 'Artist'], conditions: artists },
        { action: 'read', subject: ['Funding', 'Statement'], conditions: org },
      ];
    case 'campaign_manager':
      return [
        { action: 'read', subject: ['Organisation', 'Team'], conditions: org },
        { action: 'read', subject: ['Roster', 'Funding'], conditions: artists },
        { action: 'manage', subject: 'Artist', conditions: artists },
      ];
    case 'finance':
      return [
        { action: 'read', subject: ['Organisation', 'Team', 'Statement'], conditions: org },
        { action: 'manage', subject: ['Billing', 'Funding'], conditions: org },
        { action: 'read', subject: ['Roster', 'Artist'], conditions: artists },
      ];
    case 'viewer':
      return [
        { action: 'read', subject: ['Organisation', 'Team', 'Statement'], conditions: org },
        { action: 'read', subject: ['Roster', 'Artist', 'Funding'], conditions: artists },
      ];
  }
}

/** Request header naming the roster artist a member acts for on the artist routes (user app switcher). */
export const ACTING_FOR_HEADER = 'x-acting-for';
