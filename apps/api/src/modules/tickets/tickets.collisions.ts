import { ERROR_CODES } from '@lm/contracts';
import type { TicketReplying } from '@lm/contracts/tickets-api';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError, NotFoundError } from '../../platform/errors';
import type { TicketDeps } from './tickets.context';
import { ticketReplies, ticketReplying, tickets } from './tickets.schema';

/**
 * Reply collisions (issue 36 "Helpdesk"; docs/decisions.md "Helpdesk: collisions, merge, tags"): who
 * is writing an answer on a ticket right now, and the check that refuses an answer written over a
 * conversation that moved on.
 */

/** How long one heartbeat keeps an agent "replying": two beats of the page's 15 s, and some slack. */
export const REPLYING_TTL_SECONDS = 40;

/** 409 `TICKET_REPLY_COLLISION`: a newer reply was added after the one the sender's page showed. */
export class ReplyCollisionError extends AppError {
  constructor() {
    super(409, 'tickets.reply_collision', { code: ERROR_CODES.TICKET_REPLY_COLLISION });
  }
}

async function assertTicket(deps: TicketDeps, ticketId: number) {
  const [row] = await deps.database.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!row) throw new NotFoundError();
}

/**
 * The other agents replying on ticket `ticketId` now (heartbeat not expired), oldest beat first;
 * `adminId`'s own row is left out.
 */
export async function whoIsReplying(
  deps: TicketDeps,
  ticketId: number,
  adminId: number,
): Promise<TicketReplying[]> {
  const rows = await deps.database.db.execute<{ admin_id: number; name: string; until: Date | string }>(
    sql`select r.admin_id, a.name, r.expires_at as until
      from ticket_replying r join admins a on a.id = r.admin_id
      where r.ticket_id = ${ticketId} and r.admin_id <> ${adminId}
        and r.expires_at > ${deps.clock.now().toISOString()}
      order by r.expires_at, r.admin_id`,
  );
  return rows.rows.map((r) => ({
    admin_id: r.admin_id,
    name: r.name,
    until: new Date(r.until).toISOString(),
  }));
}

/**
 * The other agents replying on ticket `ticketId` (`GET /api/admin/tickets/{id}/replying`), for the
 * page of agent `adminId` that only reads the ticket.
 * @throws NotFoundError 404 when the ticket does not exist
 */
export async function whoIsReplyingOn(
  deps: TicketDeps,
  ticketId: number,
  adminId: number,
): Promise<TicketReplying[]> {
  await assertTicket(deps, ticketId);
  return whoIsReplying(deps, ticketId, adminId);
}

/**
 * One heartbeat of agent `adminId` typing an answer on ticket `ticketId`
 * (`PUT /api/admin/tickets/{id}/replying`): stores "replying until now + 40 s" in PostgreSQL (one row
 * per ticket and agent, an upsert), clears the ticket's expired rows, and answers the other agents
 * replying there, so the beat is also the page's poll.
 * @throws NotFoundError 404 when the ticket does not exist
 */
export async function beatReplying(
  deps: TicketDeps,
  ticketId: number,
  adminId: number,
): Promise<TicketReplying[]> {
  await assertTicket(deps, ticketId);
  const now = deps.clock.now();
  const until = new Date(now.getTime() + REPLYING_TTL_SECONDS * 1000);
  await deps.database.db
    .insert(ticketReplying)
    .values({ ticketId, adminId, expiresAt: until })
    .onConflictDoUpdate({
      target: [ticketReplying.ticketId, ticketReplying.adminId],
      set: { expiresAt: until },
    });
  await deps.database.db
    .delete(ticketReplying)
    .where(and(eq(ticketReplying.ticketId, ticketId), lt(ticketReplying.expiresAt, now)));
  return whoIsReplying(deps, ticketId, adminId);
}

/**
 * Agent `adminId` stopped replying on ticket `ticketId` (emptied the box, left the page, or sent):
 * their row goes at once instead of at its expiry. Answers the others still replying.
 * @throws NotFoundError 404 when the ticket does not exist
 */
export async function stopReplying(
  deps: TicketDeps,
  ticketId: number,
  adminId: number,
): Promise<TicketReplying[]> {
  await assertTicket(deps, ticketId);
  await deps.database.db
    .delete(ticketReplying)
    .where(and(eq(ticketReplying.ticketId, ticketId), eq(ticketReplying.adminId, adminId)));
  return whoIsReplying(deps, ticketId, adminId);
}

/**
 * Inside the reply's transaction, under the ticket's row lock (so two answers sent at once are
 * checked one after the other): refuses when a reply newer than `lastSeen` (null: any reply) is on
 * the ticket. A user's check counts only what users see (no internal notes).
 * @throws ReplyCollisionError 409 `TICKET_REPLY_COLLISION`
 */
export async function assertNoNewerReply(
  tx: Tx,
  ticketId: number,
  lastSeen: number | null,
  viewer: 'user' | 'admin',
): Promise<void> {
  const newer = await tx.db
    .select({ id: ticketReplies.id })
    .from(ticketReplies)
    .where(
      and(
        eq(ticketReplies.ticketId, ticketId),
        lastSeen === null ? undefined : sql`${ticketReplies.id} > ${lastSeen}`,
        viewer === 'user' ? eq(ticketReplies.isInternal, false) : undefined,
      ),
    )
    .limit(1);
  if (newer.length > 0) throw new ReplyCollisionError();
}

/** Remove agent `adminId`'s "replying" row of a ticket inside a transaction (their answer was saved). */
export async function clearReplying(tx: Tx, ticketId: number, adminId: number): Promise<void> {
  await tx.db
    .delete(ticketReplying)
    .where(and(eq(ticketReplying.ticketId, ticketId), eq(ticketReplying.adminId, adminId)));
}

/**
 * Delete every expired "replying" row (the `tickets.sla` job, every minute): a beat clears its own
 * ticket's expired rows, this clears those of tickets nobody opened again, so the table holds only
 * the agents typing now. Safe side by side (a row deleted twice is deleted once).
 * @returns how many rows were deleted
 */
export async function clearExpiredReplying(deps: TicketDeps): Promise<number> {
  const gone = await deps.database.db
    .delete(ticketReplying)
    .where(lt(ticketReplying.expiresAt, deps.clock.now()))
    .returning({ ticketId: ticketReplying.ticketId });
  return gone.length;
}
