import { TICKET_EDITABLE_STATUSES, TICKET_STATUS, type TicketUpdate } from '@lm/contracts/tickets';
import { and, eq, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import { audit } from '../audit';
import { getSettings } from '../settings';
import { auditActor, type TicketActor, type TicketDeps } from './tickets.context';
import { assertActiveAdmin, leastBusyAdmin, lockAssignment } from './tickets.create';
import { adminPeople, tellStaff, tellUser, userPerson } from './tickets.people';
import { lockTicket, statusPatch, type TicketLocked } from './tickets.replies';
import { tickets, ticketsDepartments } from './tickets.schema';
import { dueTimes } from './tickets.sla';

/**
 * Edit Ticket side panel (`PUT update_ticket/{id}`): department, priority, status, assignee. A status
 * change needs `tickets.status.edit` as well; a priority change moves the due times; a department
 * change hands the ticket to the new department's least busy admin unless an assignee is named or
 * the current one belongs to it. Audited with what changed; a new assignee is told.
 * @throws NotFoundError 404; ForbiddenError 403 (status without tickets.status.edit);
 *   ValidationError 422 (`department_id`, `admin_id`, `status_id`)
 */
export async function updateTicket(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'admin' }>,
  id: number,
  input: TicketUpdate,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw new NotFoundError();
    if (
      input.status_id !== undefined &&
      input.status_id !== ticket.statusId &&
      !actor.permissions?.has('tickets.status.edit')
    )
      throw new ForbiddenError();
    if (
      input.status_id !== undefined &&
      input.status_id !== ticket.statusId &&
      !TICKET_EDITABLE_STATUSES.includes(input.status_id)
    )
      throw new ValidationError({ status_id: ['tickets.status_not_settable'] });
    await lockAssignment(tx);
    const now = deps.clock.now();
    const settings = await getSettings(tx);
    const patch: Partial<typeof tickets.$inferInsert> = { updatedAt: now };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.department_id !== undefined && input.department_id !== ticket.departmentId) {
      const [dep] = await tx.db
        .select({ id: ticketsDepartments.id })
        .from(ticketsDepartments)
        .where(eq(ticketsDepartments.id, input.department_id));
      if (!dep) throw new ValidationError({ department_id: ['tickets.department_required'] });
      patch.departmentId = dep.id;
      changes.department_id = { from: ticket.departmentId, to: dep.id };
      if (input.admin_id === undefined) {
        const member =
          ticket.adminId !== null &&
          (
            await tx.db.execute(sql`select 1 from tickets_department_admins
              where department_id = ${dep.id} and admin_id = ${ticket.adminId}`)
          ).rows.length > 0;
        if (!member) patch.adminId = await leastBusyAdmin(tx, dep.id);
      }
    }
    if (input.admin_id !== undefined) {
      if (input.admin_id !== null) await assertActiveAdmin(tx, input.admin_id, 'admin_id');
      patch.adminId = input.admin_id;
    }
    if (patch.adminId !== undefined && patch.adminId !== ticket.adminId)
      changes.admin_id = { from: ticket.adminId, to: patch.adminId };
    else delete patch.adminId;
    if (input.priority_id !== undefined && input.priority_id !== ticket.priorityId) {
      const due = dueTimes(settings, { ...ticket, priorityId: input.priority_id });
      patch.priorityId = input.priority_id;
      patch.firstResponseDueAt = due.firstResponseDueAt;
      patch.resolutionDueAt = due.resolutionDueAt;
      changes.priority_id = { from: ticket.priorityId, to: input.priority_id };
    }
    if (input.status_id !== undefined && input.status_id !== ticket.statusId) {
      Object.assign(
        patch,
        statusPatch(settings, { ...ticket, ...(patch as object) } as TicketLocked, input.status_id, now),
      );
      changes.status_id = { from: ticket.statusId, to: input.status_id };
    }
    if (Object.keys(changes).length === 0) return;
    await tx.db.update(tickets).set(patch).where(eq(tickets.id, id));
    const ref = { id, subject: ticket.ticketSubject };
    if (changes.admin_id && patch.adminId != null && patch.adminId !== actor.id)
      await tellStaff(deps, tx, await adminPeople(tx, [patch.adminId]), ref, 'tickets.notify.assigned', null);
    if (changes.status_id && input.status_id === TICKET_STATUS.RESOLVED) await tellResolved(deps, tx, ticket);
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'tickets.update', targetType: 'ticket', targetId: id, meta: changes },
      tx,
    );
  });
}

async function tellResolved(deps: TicketDeps, tx: Tx, ticket: TicketLocked) {
  const user = await userPerson(tx, ticket.userId);
  if (user)
    await tellUser(
      deps,
      tx,
      user,
      { id: ticket.id, subject: ticket.ticketSubject },
      'tickets.notify.resolved',
      {
        key: 'tickets.mail.resolved',
      },
    );
}

/**
 * Set a ticket's status (`PUT ticket_status/{id}/{status}`; Mark Resolved is status 3, spec section 4).
 * Resolving tells the user and asks for a rating.
 * @throws NotFoundError 404; ValidationError 422 `status` (Open is not set by staff)
 */
export async function setStatus(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'admin' }>,
  id: number,
  statusId: number,
): Promise<void> {
  if (!TICKET_EDITABLE_STATUSES.includes(statusId))
    throw new ValidationError({ status: ['tickets.status_not_settable'] });
  await withTransaction(deps.database, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw new NotFoundError();
    if (ticket.statusId === statusId) return;
    const now = deps.clock.now();
    const settings = await getSettings(tx);
    await tx.db
      .update(tickets)
      .set({ ...statusPatch(settings, ticket, statusId, now), updatedAt: now })
      .where(eq(tickets.id, id));
    if (statusId === TICKET_STATUS.RESOLVED) await tellResolved(deps, tx, ticket);
    await audit(
      deps.database,
      auditActor(actor),
      {
        action: 'tickets.status',
        targetType: 'ticket',
        targetId: id,
        meta: { from: ticket.statusId, to: statusId },
      },
      tx,
    );
  });
}

/**
 * The user closes their ticket (`PUT user/close_ticket/{id}`): status Closed (4); the time promises
 * stop. A new reply reopens it.
 * @throws NotFoundError 404 (not theirs); ConflictError 409 'tickets.already_closed'
 */
export async function closeTicket(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'user' }>,
  id: number,
) {
  await withTransaction(deps.database, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket || ticket.userId !== actor.id) throw new NotFoundError();
    if (ticket.statusId === TICKET_STATUS.CLOSED) throw new ConflictError('tickets.already_closed');
    const now = deps.clock.now();
    const settings = await getSettings(tx);
    await tx.db
      .update(tickets)
      .set({ ...statusPatch(settings, ticket, TICKET_STATUS.CLOSED, now), updatedAt: now })
      .where(eq(tickets.id, id));
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'tickets.close', targetType: 'ticket', targetId: id },
      tx,
    );
  });
}

/**
 * The user rates the help once the ticket is resolved or closed (1-5 and an optional comment); a later
 * rating replaces the earlier one.
 * @throws NotFoundError 404; ConflictError 409 'tickets.not_resolved'
 */
export async function rateTicket(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'user' }>,
  id: number,
  input: { rating: number; comment?: string },
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket || ticket.userId !== actor.id) throw new NotFoundError();
    if (ticket.statusId !== TICKET_STATUS.RESOLVED && ticket.statusId !== TICKET_STATUS.CLOSED)
      throw new ConflictError('tickets.not_resolved');
    await tx.db
      .update(tickets)
      .set({ rating: input.rating, ratingComment: input.comment || null, ratedAt: deps.clock.now() })
      .where(eq(tickets.id, id));
  });
}

/**
 * Delete a ticket (`DELETE ticket/{id}`): only while Open (spec section 4: delete disabled when the
 * status is above 1), a guarded delete so a reply arriving meanwhile wins.
 * @throws NotFoundError 404; ConflictError 409 'tickets.delete_not_open'
 */
export async function deleteTicket(
  deps: TicketDeps,
  actor: Extract<TicketActor, { kind: 'admin' }>,
  id: number,
) {
  await withTransaction(deps.database, async (tx) => {
    const deleted = await tx.db
      .delete(tickets)
      .where(and(eq(tickets.id, id), sql`${tickets.statusId} <= 1`))
      .returning({ id: tickets.id, subject: tickets.ticketSubject, userId: tickets.userId });
    if (deleted.length === 0) {
      const [exists] = await tx.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, id));
      if (!exists) throw new NotFoundError();
      throw new ConflictError('tickets.delete_not_open');
    }
    await audit(
      deps.database,
      auditActor(actor),
      { action: 'tickets.delete', targetType: 'ticket', targetId: id, meta: { user_id: deleted[0]!.userId } },
      tx,
    );
  });
}
