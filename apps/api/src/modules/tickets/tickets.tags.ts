import { TICKET_TAG_LIMITS } from '@lm/contracts/tickets';
import { and, eq, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { audit } from '../audit';
import { auditActor, type TicketActor, type TicketDeps } from './tickets.context';
import { lockTicket } from './tickets.replies';
import { ticketTags } from './tickets.schema';

/**
 * Tag ticket `id` with `tag` (`POST /api/admin/tickets/{id}/tags`, issue 36 "Helpdesk"): the tag comes
 * normalised by its schema (lower case, 1-32 characters, also CHECKed by the table); a tag the ticket
 * has already changes nothing; at most 10 per ticket, counted under the ticket's row lock so two adds
 * at once cannot pass the limit. Audited when added.
 * @returns the ticket's tags after the change, sorted
 * @throws NotFoundError 404; ValidationError 422 `tag` (`tickets.tag_limit`)
 */
export async function addTag(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'admin' }>,
  id: number,
  tag: string,
): Promise<string[]> {
  return withTransaction(deps.database, async (tx) => {
    if (!(await lockTicket(tx, id))) throw new NotFoundError();
    const current = await tagsOf(tx, id);
    if (current.includes(tag)) return current;
    if (current.length >= TICKET_TAG_LIMITS.perTicket)
      throw new ValidationError({
        tag: [{ key: 'tickets.tag_limit', params: { max: TICKET_TAG_LIMITS.perTicket } }],
      });
    await tx.db
      .insert(ticketTags)
      .values({ ticketId: id, tag, createdByAdminId: actor.id, createdAt: deps.clock.now() });
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'tickets.tag_add', targetType: 'ticket', targetId: id, meta: { tag } },
      tx,
    );
    return [...current, tag].sort();
  });
}

/**
 * Remove `tag` from ticket `id` (`DELETE /api/admin/tickets/{id}/tags/{tag}`); a tag it does not have
 * changes nothing. Audited when removed.
 * @returns the ticket's tags after the change, sorted
 * @throws NotFoundError 404
 */
export async function removeTag(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'admin' }>,
  id: number,
  tag: string,
): Promise<string[]> {
  return withTransaction(deps.database, async (tx) => {
    if (!(await lockTicket(tx, id))) throw new NotFoundError();
    const removed = await tx.db
      .delete(ticketTags)
      .where(and(eq(ticketTags.ticketId, id), eq(ticketTags.tag, tag)))
      .returning({ tag: ticketTags.tag });
    if (removed.length > 0)
      await audit(
        deps.database,
        auditActor(actor),
        { action: 'tickets.tag_remove', targetType: 'ticket', targetId: id, meta: { tag } },
        tx,
      );
    return tagsOf(tx, id);
  });
}

async function tagsOf(tx: Tx, id: number): Promise<string[]> {
  const rows = await tx.db
    .select({ tag: ticketTags.tag })
    .from(ticketTags)
    .where(eq(ticketTags.ticketId, id))
    .orderBy(sql`${ticketTags.tag}`);
  return rows.map((r) => r.tag);
}
