import { TICKET_STATUS, type TicketReply } from '@lm/contracts/tickets';
import { eq } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { getSettings } from '../settings';
import { emitWebhook } from '../webhooks';
import { type CheckedFile, saveAttachments } from './tickets.attachments';
import { assertNoNewerReply, clearReplying } from './tickets.collisions';
import type { TicketActor, TicketDeps } from './tickets.context';
import { adminPeople, staffToTell, tellStaff, tellUser, userPerson } from './tickets.people';
import { ticketReplies, tickets } from './tickets.schema';
import { clockOnStatus, isRunning } from './tickets.sla';

/** A ticket row read under `for update`. */
export type TicketLocked = typeof tickets.$inferSelect;

/** Read ticket `id` and lock its row until the transaction ends; undefined when there is none. */
export async function lockTicket(tx: Tx, id: number): Promise<TicketLocked | undefined> {
  const [row] = await tx.db.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row;
}

/** Columns to write for a status change at `now` (clock pause/resume, resolved/closed stamps). */
export function statusPatch(
  settings: Awaited<ReturnType<typeof getSettings>>,
  ticket: TicketLocked,
  next: number,
  now: Date,
): Partial<typeof tickets.$inferInsert> {
  if (next === ticket.statusId) return {};
  return {
    statusId: next,
    ...clockOnStatus(settings, ticket, next, now),
    ...(next === TICKET_STATUS.RESOLVED ? { resolvedAt: now } : {}),
    ...(next === TICKET_STATUS.CLOSED ? { closedAt: now, resolvedAt: ticket.resolvedAt ?? now } : {}),
    ...(isRunning(next) ? { resolvedAt: null, closedAt: null } : {}),
  };
}

/** A reply to store: from the user (the app or e-mail) or from staff. */
export interface ReplyInput
  extends Pick<TicketReply, 'ticket_id' | 'message' | 'is_internal'>,
    Partial<Pick<TicketReply, 'last_seen_reply_id' | 'send_anyway'>> {
  files: CheckedFile[];
  via?: 'app' | 'email';
  inboundMessageId?: string;
}

/**
 * Add a message to a ticket (`POST ticket_reply`) under the ticket's row lock. A user writes only on
 * their own ticket and never an internal note; the ticket reopens (In Progress, 2) when it was
 * waiting on them, resolved or closed. A staff reply (not a note) moves it to Waiting on User (5),
 * which pauses the time promises, and is its first response when none was given. The other side is
 * told in-app and by mail in their language; an internal note is told to the assignee only and
 * never reaches the user by API or mail.
 * With `last_seen_reply_id` (issue 36 reply collisions) a reply newer than it refuses the message
 * (409, nothing saved) unless `send_anyway`; a staff sender's "replying" heartbeat row is cleared.
 * @returns the new reply's id, or null when `inboundMessageId` was already stored (a replayed mail)
 * @throws NotFoundError 404 (no such ticket, or another user's); ValidationError 422 `is_internal`;
 *   ReplyCollisionError 409 `TICKET_REPLY_COLLISION`
 */
export async function addReply(
  deps: TicketDeps,
  actor: TicketActor,
  input: ReplyInput,
): Promise<number | null> {
  if (actor.kind === 'user' && input.is_internal)
    throw new ValidationError({ is_internal: ['tickets.internal_staff_only'] });
  try {
    return await withTransaction(deps.database, async (tx) => {
      const ticket = await lockTicket(tx, input.ticket_id);
      if (!ticket || (actor.kind === 'user' && ticket.userId !== actor.id)) throw new NotFoundError();
      if (input.last_seen_reply_id !== undefined && !input.send_anyway)
        await assertNoNewerReply(tx, ticket.id, input.last_seen_reply_id, actor.kind);
      if (actor.kind === 'admin') await clearReplying(tx, ticket.id, actor.id);
      const now = deps.clock.now();
      const [reply] = await tx.db
        .insert(ticketReplies)
        .values({
          ticketId: ticket.id,
          authorUserId: actor.kind === 'user' ? actor.id : null,
          authorAdminId: actor.kind === 'admin' ? actor.id : null,
          message: input.message,
          isInternal: input.is_internal,
          via: input.via ?? 'app',
          inboundMessageId: input.inboundMessageId ?? null,
          createdAt: now,
        })
        .returning({ id: ticketReplies.id });
      await saveAttachments(tx, deps.storage, ticket.id, reply!.id, input.files);
      const settings = await getSettings(tx);
      const ref = { id: ticket.id, subject: ticket.ticketSubject };
      let patch: Partial<typeof tickets.$inferInsert> = { updatedAt: now };
      if (actor.kind === 'user') {
        const next = ticket.statusId === TICKET_STATUS.OPEN ? TICKET_STATUS.OPEN : TICKET_STATUS.IN_PROGRESS;
        patch = { ...patch, ...statusPatch(settings, ticket, next, now), lastReplyAt: now };
        const user = await userPerson(tx, actor.id);
        await tellStaff(deps, tx, await staffToTell(tx, ticket), ref, 'tickets.notify.reply_staff', {
          key: 'tickets.mail.user_replied',
          text: input.message,
          author: user?.name ?? '',
        });
      } else if (input.is_internal) {
        if (ticket.adminId !== null && ticket.adminId !== actor.id)
          await tellStaff(
            deps,
            tx,
            await adminPeople(tx, [ticket.adminId]),
            ref,
            'tickets.notify.note',
            null,
          );
      } else {
        patch = {
          ...patch,
          ...statusPatch(settings, ticket, TICKET_STATUS.WAITING_ON_USER, now),
          lastReplyAt: now,
          ...(ticket.firstResponseAt ? {} : { firstResponseAt: now }),
        };
        await emitWebhook(deps, tx, ticket.userId, 'ticket.replied', {
          ticket_id: ticket.id,
          reply_id: reply!.id,
          subject: ticket.ticketSubject,
        });
        const user = await userPerson(tx, ticket.userId);
        if (user)
          await tellUser(deps, tx, user, ref, 'tickets.notify.reply_user', {
            key: 'tickets.mail.reply',
            text: input.message,
          });
      }
      await tx.db.update(tickets).set(patch).where(eq(tickets.id, ticket.id));
      return reply!.id;
    });
  } catch (err) {
    if (input.inboundMessageId && isUniqueViolation(err, 'ticket_replies_inbound_unique')) return null;
    throw err;
  }
}
