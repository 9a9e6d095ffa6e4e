import { eq, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import type { TicketDeps } from './tickets.context';
import { adminPeople, tellStaff } from './tickets.people';
import { tickets, ticketsDepartmentAdmins } from './tickets.schema';

/**
 * The breach sweep (queue `tickets.sla`, every minute): running tickets whose first-response or
 * resolution promise passed get it stamped once (`*_breached_at`), and the assignee and the
 * department's admins are told. Rows are taken `for update skip locked`, so two sweeps never tell
 * twice; paused tickets (Waiting on User, Resolved, Closed) are never breached.
 * @returns how many promises were found broken
 */
export async function sweepBreaches(deps: TicketDeps, batch = 200): Promise<number> {
  const now = deps.clock.now();
  return withTransaction(deps.database, async (tx) => {
    const due = await tx.db.execute<{
      id: number;
      ticket_subject: string;
      admin_id: number | null;
      department_id: number;
      response: boolean;
      resolution: boolean;
    }>(sql`select id, ticket_subject, admin_id, department_id,
        (first_response_at is null and first_response_breached_at is null and first_response_due_at < ${now.toISOString()}) as response,
        (resolution_breached_at is null and resolution_due_at < ${now.toISOString()}) as resolution
      from tickets
      where status_id in (1, 2) and (
        (first_response_at is null and first_response_breached_at is null and first_response_due_at < ${now.toISOString()})
        or (resolution_breached_at is null and resolution_due_at < ${now.toISOString()}))
      order by id limit ${batch} for update skip locked`);
    let found = 0;
    for (const row of due.rows) {
      await tx.db
        .update(tickets)
        .set({
          ...(row.response ? { firstResponseBreachedAt: now } : {}),
          ...(row.resolution ? { resolutionBreachedAt: now } : {}),
        })
        .where(eq(tickets.id, row.id));
      const deptAdmins = await tx.db
        .select({ id: ticketsDepartmentAdmins.adminId })
        .from(ticketsDepartmentAdmins)
        .where(eq(ticketsDepartmentAdmins.departmentId, row.department_id));
      const ids = [...new Set([...(row.admin_id ? [row.admin_id] : []), ...deptAdmins.map((a) => a.id)])];
      const people = await adminPeople(tx, ids);
      const ref = { id: row.id, subject: row.ticket_subject };
      for (const kind of ['response', 'resolution'] as const) {
        if (!row[kind]) continue;
        found += 1;
        await tellStaff(deps, tx, people, ref, `tickets.notify.breached_${kind}`, null);
      }
    }
    return found;
  });
}
