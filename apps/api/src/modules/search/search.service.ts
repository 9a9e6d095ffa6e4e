import {
  ADMIN_SEARCH_KINDS,
  ADMIN_SEARCH_LIMIT_PER_KIND,
  type AdminSearchAnswer,
  type AdminSearchItem,
  type AdminSearchKind,
} from '@lm/contracts/admin-search';
import { EXPRESS_ADMIN_PERMISSIONS, USER_ADMIN_PERMISSIONS } from '@lm/contracts/permissions';
import { and, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  customCampaigns,
  expressCampaigns,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  payouts,
  tickets,
  users,
} from '../../db/schema';
import { containsPattern, userMatches } from '../../db/search';

/**
 * The permission each kind of record needs: the permission of the record page a result opens, so a
 * staff member never finds what they could not open. Campaigns are found when either campaign
 * permission is held, each sort of campaign under its own.
 */
export const SEARCH_PERMISSIONS = {
  users: [USER_ADMIN_PERMISSIONS.view],
  campaigns: [EXPRESS_ADMIN_PERMISSIONS.campaigns, 'custom.campaigns.show'],
  tickets: ['tickets.show'],
  payouts: ['INFLUENCER_VIEW_PAYOUT_PROFILE'],
  transactions: ['main.wallet.show.all.transactions'],
} as const satisfies Record<AdminSearchKind, readonly string[]>;

const PLATFORM_OF_TYPE = { 1: 'spotify', 2: 'tiktok', 3: 'instagram' } as const;
const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** "12" or "#12" as the number 12 (a record's id), else null. Larger than an int: no record has it. */
function numberOf(q: string): number | null {
  const m = /^#?(\d{1,9})$/.exec(q);
  return m ? Number(m[1]) : null;
}

/**
 * Search the back-office's records for `q` (issue 36 "Lists", global search): users by name or
 * e-mail (or id), campaigns by track name or number, tickets by subject or number, payouts by number,
 * wallet transactions by number (contains). Only the kinds `permissions` allow are searched
 * (`SEARCH_PERMISSIONS`); each kind answers at most `ADMIN_SEARCH_LIMIT_PER_KIND` records, an exact
 * number first, then the newest. Text matches are ILIKE contains patterns served by trigram indexes
 * (pg_trgm); numbers are primary-key lookups.
 *
 * @param q trimmed query, already validated by `adminSearchQuery` (at least 2 characters or a number)
 * @returns the kinds searched and the non-empty groups, in `ADMIN_SEARCH_KINDS` order
 */
export async function globalSearch(
  database: Database,
  permissions: ReadonlySet<string>,
  q: string,
): Promise<AdminSearchAnswer> {
  const may = (p: string) => permissions.has(p);
  const kinds = ADMIN_SEARCH_KINDS.filter((kind) => SEARCH_PERMISSIONS[kind].some(may));
  const pattern = containsPattern(q);
  const n = numberOf(q);
  const searches: Record<AdminSearchKind, () => Promise<AdminSearchItem[]>> = {
    users: () => findUsers(database, pattern, n),
    campaigns: () =>
      findCampaigns(database, pattern, n, {
        express: may(EXPRESS_ADMIN_PERMISSIONS.campaigns),
        custom: may('custom.campaigns.show'),
      }),
    tickets: () => findTickets(database, pattern, n),
    payouts: () => (n === null ? Promise.resolve([]) : findPayouts(database, n)),
    transactions: () => findTransactions(database, pattern),
  };
  const found = await Promise.all(kinds.map(async (kind) => ({ kind, items: await searches[kind]() })));
  return { q, kinds, groups: found.filter((g) => g.items.length > 0) };
}

/** Order terms: the record whose id is the number asked first (when a number was asked), then `rest`. */
const exactFirst = (id: SQL, n: number | null, ...rest: SQL[]): SQL[] =>
  n === null ? rest : [sql`(${id} = ${n}) desc`, ...rest];

async function findUsers(database: Database, pattern: string, n: number | null): Promise<AdminSearchItem[]> {
  const rows = await database.db
    .select({ id: users.id, name: fullName, email: users.email })
    .from(users)
    .where(and(isNull(users.deletedAt), or(userMatches(pattern), n === null ? undefined : eq(users.id, n))))
    .orderBy(...exactFirst(sql`${users.id}`, n, desc(users.id)))
    .limit(ADMIN_SEARCH_LIMIT_PER_KIND);
  return rows.map((r) => ({
    id: r.id,
    title: r.name || r.email,
    subtitle: r.email,
    number: null,
    campaign_kind: null,
  }));
}

async function findCampaigns(
  database: Database,
  pattern: string,
  n: number | null,
  may: { express: boolean; custom: boolean },
): Promise<AdminSearchItem[]> {
  const express = may.express
    ? (
        await database.db
          .select({
            id: expressCampaigns.id,
            type: expressCampaigns.campaignTypeId,
            track: expressCampaigns.trackName,
            artist: fullName,
          })
          .from(expressCampaigns)
          .innerJoin(users, eq(users.id, expressCampaigns.artistId))
          .where(
            or(
              ilike(expressCampaigns.trackName, pattern),
              n === null ? undefined : eq(expressCampaigns.id, n),
            ),
          )
          .orderBy(...exactFirst(sql`${expressCampaigns.id}`, n, desc(expressCampaigns.id)))
          .limit(ADMIN_SEARCH_LIMIT_PER_KIND)
      ).map(
        (r): AdminSearchItem => ({
          id: r.id,
          title: r.track,
          subtitle: r.artist,
          number: `#${r.id}`,
          campaign_kind: PLATFORM_OF_TYPE[r.type as 1 | 2 | 3] ?? 'spotify',
        }),
      )
    : [];
  const custom = may.custom
    ? (
        await database.db
          .select({ id: customCampaigns.id, name: customCampaigns.name, artist: fullName })
          .from(customCampaigns)
          .innerJoin(users, eq(users.id, customCampaigns.artistId))
          .where(
            and(
              ne(customCampaigns.status, 5),
              or(ilike(customCampaigns.name, pattern), n === null ? undefined : eq(customCampaigns.id, n)),
            ),
          )
          .orderBy(...exactFirst(sql`${customCampaigns.id}`, n, desc(customCampaigns.id)))
          .limit(ADMIN_SEARCH_LIMIT_PER_KIND)
      ).map(
        (r): AdminSearchItem => ({
          id: r.id,
          title: r.name,
          subtitle: r.artist,
          number: `#${r.id}`,
          campaign_kind: 'custom',
        }),
      )
    : [];
  // Both sorts bounded apart, then the exact number first and the limit over the union.
  const exact = (i: AdminSearchItem) => (n !== null && i.id === n ? 0 : 1);
  return [...express, ...custom].sort((a, b) => exact(a) - exact(b)).slice(0, ADMIN_SEARCH_LIMIT_PER_KIND);
}

async function findTickets(
  database: Database,
  pattern: string,
  n: number | null,
): Promise<AdminSearchItem[]> {
  const rows = await database.db
    .select({ id: tickets.id, subject: tickets.ticketSubject, requester: fullName })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(or(ilike(tickets.ticketSubject, pattern), n === null ? undefined : eq(tickets.id, n)))
    .orderBy(...exactFirst(sql`${tickets.id}`, n, desc(tickets.id)))
    .limit(ADMIN_SEARCH_LIMIT_PER_KIND);
  return rows.map((r) => ({
    id: r.id,
    title: r.subject,
    subtitle: r.requester,
    number: `#${r.id}`,
    campaign_kind: null,
  }));
}

async function findPayouts(database: Database, n: number): Promise<AdminSearchItem[]> {
  const rows = await database.db
    .select({ id: payouts.id, payee: fullName, email: payouts.email })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.id, n))
    .limit(ADMIN_SEARCH_LIMIT_PER_KIND);
  return rows.map((r) => ({
    id: r.id,
    title: `#${r.id}`,
    subtitle: r.payee || r.email,
    number: `#${r.id}`,
    campaign_kind: null,
  }));
}

/**
 * Transactions by their public number (`TX...`, contains): each transfer answered as the user wallet's
 * entry the transaction page opens (a transfer between system accounts only has none and is left out).
 */
async function findTransactions(database: Database, pattern: string): Promise<AdminSearchItem[]> {
  const rows = await database.db
    .select({ entryId: ledgerEntries.id, number: ledgerTransfers.number, owner: fullName })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, ledgerEntries.accountId), eq(ledgerAccounts.kind, 'user_wallet')),
    )
    .innerJoin(users, eq(users.id, ledgerAccounts.userId))
    .where(ilike(ledgerTransfers.number, pattern))
    .orderBy(desc(ledgerTransfers.id), ledgerEntries.id)
    .limit(ADMIN_SEARCH_LIMIT_PER_KIND);
  return rows.map((r) => ({
    id: r.entryId,
    title: r.number,
    subtitle: r.owner,
    number: r.number,
    campaign_kind: null,
  }));
}
