import { TICKET_STATUS, type TicketCreate } from '@lm/contracts/tickets';
import { eq, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { ValidationError } from '../../platform/errors';
import { audit } from '../audit';
import { getSettings } from '../settings';
import { checkAttachments, saveAttachments } from './tickets.attachments';
import { auditActor, OPEN_SQL, type TicketActor, type TicketDeps } from './tickets.context';
import { staffToTell, tellStaff, tellUser, userPerson } from './tickets.people';
import { tickets, ticketsDepartments } from './tickets.schema';
import { dueTimes } from './tickets.sla';

/**
 * The department's admin with the fewest open tickets (ties: the lowest id), or null when the
 * department has no active admin. Call it under the assignment lock (see createTicket).
 */
export async function leastBusyAdmin(tx: Tx, departmentId: number): Promise<number | null> {
  const rows = await tx.db.execute<{ admin_id: number }>(sql`
    select da.admin_id from tickets_department_admins da
      join admins a on a.id = da.admin_id and a.status = 'active' and a.deleted_at is null
     where da.department_id = ${departmentId}
     order by (select count(*) from tickets t where t.admin_id = da.admin_id and t.status_id in ${OPEN_SQL}),
              da.admin_id
     limit 1`);
  return rows.rows[0]?.admin_id ?? null;
}

/** Serialises assignment: counting open tickets and inserting the new one happen under one lock. */
export async function lockAssignment(tx: Tx) {
  await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext('tickets.assign'))`);
}

/** @throws ValidationError 422 on `field` ('tickets.admin_unknown') unless `adminId` is an active admin. */
export async function assertActiveAdmin(db: Database | Tx, adminId: number, field: string) {
  const rows = await db.db.execute(
    sql`select 1 from admins where id = ${adminId} and status = 'active' and deleted_at is null`,
  );
  if (rows.rows.length === 0) throw new ValidationError({ [field]: ['tickets.admin_unknown'] });
}

/**
 * Open a ticket (`POST tickets`, spec section 7): a user for themselves, or staff for a user (the
 * new-ticket form, `user_id` required). Priority defaults to Low (3). A campaign must be one of the
 * user's own (as artist or as curator). The ticket goes to `admin_id` when staff name one, otherwise
 * to the department's admin with the fewest open tickets, counted and inserted under one advisory
 * lock so concurrent tickets spread evenly. Due times come from the priority's settings. The
 * assignee (or the department's admins) and, for a ticket staff opened, the user are told in-app and
 * by mail in their language.
 * @returns the new ticket's id
 * @throws ValidationError 422 (`user_id`, `department_id`, `campaign_id`, `admin_id`, `attachments`)
 */
export async function createTicket(
  deps: TicketDeps,
  actor: TicketActor,
  input: TicketCreate,
): Promise<number> {
  const userId = actor.kind === 'user' ? actor.id : input.user_id;
  if (userId === undefined) throw new ValidationError({ user_id: ['validation.required'] });
  return withTransaction(deps.database, async (tx) => {
    const user = await userPerson(tx, userId);
    if (!user) throw new ValidationError({ user_id: ['tickets.user_unknown'] });
    const [department] = await tx.db
      .select({ id: ticketsDepartments.id })
      .from(ticketsDepartments)
      .where(eq(ticketsDepartments.id, input.department_id));
    if (!department) throw new ValidationError({ department_id: ['tickets.department_required'] });
    if (input.campaign_id != null && input.custom_campaign_id != null)
      throw new ValidationError({ custom_campaign_id: ['tickets.one_campaign'] });
    if (input.custom_campaign_id != null) {
      const own = await tx.db.execute(sql`select 1 from custom_campaigns
        where id = ${input.custom_campaign_id} and artist_id = ${userId}`);
      if (own.rows.length === 0)
        throw new ValidationError({ custom_campaign_id: ['tickets.campaign_not_yours'] });
    }
    if (input.campaign_id != null) {
      const own = await tx.db.execute(sql`select 1 from express_campaigns
        where id = ${input.campaign_id} and (artist_id = ${userId} or curator_id = ${userId})`);
      if (own.rows.length === 0) throw new ValidationError({ campaign_id: ['tickets.campaign_not_yours'] });
    }
    const uploads = await checkAttachments(
      tx,
      input.attachments,
      actor.kind === 'user' ? { userId: actor.id } : { adminId: actor.id },
    );
    await lockAssignment(tx);
    let adminId: number | null;
    if (actor.kind === 'admin' && input.admin_id != null) {
      await assertActiveAdmin(tx, input.admin_id, 'admin_id');
      adminId = input.admin_id;
    } else adminId = await leastBusyAdmin(tx, department.id);
    const now = deps.clock.now();
    const settings = await getSettings(tx);
    const due = dueTimes(settings, { createdAt: now, priorityId: input.priority_id, pausedSeconds: 0 });
    const [row] = await tx.db
      .insert(tickets)
      .values({
        userId,
        departmentId: department.id,
        campaignId: input.campaign_id ?? null,
        customCampaignId: input.custom_campaign_id ?? null,
        adminId,
        createdByAdminId: actor.kind === 'admin' ? actor.id : null,
        ticketSubject: input.ticket_subject,
        initialMessage: input.initial_message,
        priorityId: input.priority_id,
        statusId: TICKET_STATUS.OPEN,
        ...due,
        createdAt: now,
        updatedAt: now,
        lastReplyAt: now,
      })
      .returning({ id: tickets.id });
    const id = row!.id;
    await saveAttachments(tx, deps.storage, id, null, uploads);
    const ref = { id, subject: input.ticket_subject };
    await tellStaff(
      deps,
      tx,
      await staffToTell(tx, { adminId, departmentId: department.id }),
      ref,
      'tickets.notify.new',
      { key: 'tickets.mail.new', text: input.initial_message, author: user.name },
    );
    if (actor.kind === 'admin')
      await tellUser(deps, tx, user, ref, 'tickets.notify.opened_for_you', {
        key: 'tickets.mail.opened_for_you',
        text: input.initial_message,
      });
    await audit(
      deps.database,
      auditActor(actor),
      {
        action: 'tickets.create',
        targetType: 'ticket',
        targetId: id,
        meta: { user_id: userId, admin_id: adminId },
      },
      tx,
    );
    return id;
  });
}
