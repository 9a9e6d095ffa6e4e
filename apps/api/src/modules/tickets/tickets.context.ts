import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/app';
import type { AuditActor } from '../audit';

/**
 * The tickets service, split by what it does: tickets.views (lists, detail, replies as answered),
 * tickets.attachments, tickets.people (who is told), tickets.create, tickets.replies, tickets.staff
 * (edits, status, close, rate, delete), tickets.departments, tickets.stats and tickets.breaches (the SLA
 * sweep). This file holds what they all share.
 */

/** What the tickets service needs from the app. */
export type TicketDeps = Pick<AppDeps, 'database' | 'mail' | 'clock' | 'config' | 'storage' | 'jobs'>;

/** Who acts: a user on their own tickets, or an admin (route permissions already checked). */
export type TicketActor =
  | { kind: 'user'; id: number; userTypeId?: number; ip?: string; userAgent?: string | null }
  | { kind: 'admin'; id: number; permissions?: ReadonlySet<string>; ip?: string; userAgent?: string | null };

/** The audit log's actor for a ticket actor. */
export const auditActor = (a: TicketActor): AuditActor => ({
  type: a.kind,
  id: a.id,
  ip: a.ip ?? null,
  userAgent: a.userAgent ?? null,
});

/** Statuses counted as open work (assignment, stats). */
export const OPEN_SQL = sql.raw('(1, 2, 5)');
