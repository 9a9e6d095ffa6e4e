import { TICKET_STATUS, TICKET_TAG_LIMITS } from '@lm/contracts/tickets';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { audit } from '../audit';
import { getSettings } from '../settings';
import { auditActor, type TicketActor, type TicketDeps } from './tickets.context';
import { tellUser, userPerson } from './tickets.people';
import { statusPatch, type TicketLocked } from './tickets.replies';
import { ticketAttachments, ticketReplies, tickets, ticketTags } from './tickets.schema';

/**
 * Merge ticket `sourceId` into ticket `targetId` (`POST /api/admin/tickets/{id}/merge`, issue 36
 * "Helpdesk", Zendesk's merge): both rows are locked in id order (so A into B and B into A sent at
 * once run one after the other and the second is refused, never losing a message); the source's first
 * message becomes a message of the target at its own time, its replies and their files move to the
 * target (each marked `merged_from_ticket_id`, so the thread stays in time order and shows where they
 * came from), its tags join the target's (up to the limit); the source is closed with
 * `merged_into_id`; both are audited; the user is told once (in-app and by mail, in their language).
 * @throws NotFoundError 404 (either ticket missing); ValidationError 422 `target_id`
 *   (`tickets.merge_same`, `tickets.merge_other_user`, `tickets.merge_target_merged`);
 *   ConflictError 409 `tickets.merge_already` (the source was merged already)
 */
export async function mergeTickets(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'admin' }>,
  sourceId: number,
  targetId: number,
): Promise<void> {
  if (sourceId === targetId) throw new ValidationError({ target_id: ['tickets.merge_same'] });
  await withTransaction(deps.database, async (tx) => {
    const locked = await tx.db
      .select()
      .from(tickets)
      .where(sql`${tickets.id} in (${sourceId}, ${targetId})`)
      .orderBy(tickets.id)
      .for('update');
    const source = locked.find((r) => r.id === sourceId);
    const target = locked.find((r) => r.id === targetId);
    if (!source) throw new NotFoundError();
    if (source.mergedIntoId !== null) throw new ConflictError('tickets.merge_already');
    if (!target) throw new ValidationError({ target_id: ['tickets.merge_target_required'] });
    if (target.userId !== source.userId)
      throw new ValidationError({ target_id: ['tickets.merge_other_user'] });
    if (target.mergedIntoId !== null)
      throw new ValidationError({ target_id: ['tickets.merge_target_merged'] });
    const now = deps.clock.now();
    // The source's first message, at its own time, with its files.
    const [first] = await tx.db
      .insert(ticketReplies)
      .values({
        ticketId: target.id,
        authorUserId: source.createdByAdminId === null ? source.userId : null,
        authorAdminId: source.createdByAdminId,
        message: `${source.ticketSubject}\n\n${source.initialMessage}`,
        mergedFromTicketId: source.id,
        createdAt: source.createdAt,
      })
      .returning({ id: ticketReplies.id });
    await tx.db
      .update(ticketAttachments)
      .set({ ticketId: target.id, replyId: first!.id })
      .where(and(eq(ticketAttachments.ticketId, source.id), isNull(ticketAttachments.replyId)));
    const moved = await tx.db
      .update(ticketReplies)
      .set({
        ticketId: target.id,
        mergedFromTicketId: sql`coalesce(${ticketReplies.mergedFromTicketId}, ${source.id})`,
      })
      .where(eq(ticketReplies.ticketId, source.id))
      .returning({ id: ticketReplies.id });
    await tx.db
      .update(ticketAttachments)
      .set({ ticketId: target.id })
      .where(eq(ticketAttachments.ticketId, source.id));
    // Tags join the target's, the oldest first, while there is room.
    await tx.db.execute(sql`insert into ticket_tags (ticket_id, tag, created_by_admin_id, created_at)
      select ${target.id}, s.tag, s.created_by_admin_id, s.created_at from ticket_tags s
      where s.ticket_id = ${source.id}
        and not exists (select 1 from ticket_tags t where t.ticket_id = ${target.id} and t.tag = s.tag)
      order by s.created_at, s.tag
      limit greatest(0, ${TICKET_TAG_LIMITS.perTicket} - (select count(*) from ticket_tags where ticket_id = ${target.id}))`);
    await tx.db.delete(ticketTags).where(eq(ticketTags.ticketId, source.id));
    const settings = await getSettings(tx);
    await tx.db
      .update(tickets)
      .set({
        ...statusPatch(settings, source as TicketLocked, TICKET_STATUS.CLOSED, now),
        mergedIntoId: target.id,
        mergedAt: now,
        updatedAt: now,
      })
      .where(eq(tickets.id, source.id));
    const lastReplyAt =
      source.lastReplyAt && (!target.lastReplyAt || source.lastReplyAt > target.lastReplyAt)
        ? source.lastReplyAt
        : target.lastReplyAt;
    await tx.db.update(tickets).set({ lastReplyAt, updatedAt: now }).where(eq(tickets.id, target.id));
    const meta = { source_id: source.id, target_id: target.id, replies_moved: moved.length + 1 };
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'tickets.merge', targetType: 'ticket', targetId: source.id, meta },
      tx,
    );
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'tickets.merged_into', targetType: 'ticket', targetId: target.id, meta },
      tx,
    );
    const user = await userPerson(tx, source.userId);
    if (user)
      await tellUser(
        deps,
        tx,
        user,
        { id: source.id, subject: source.ticketSubject },
        'tickets.notify.merged',
        { key: 'tickets.mail.merged' },
        { params: { target: target.id }, linkTicketId: target.id },
      );
  });
}
