import type { Language } from '@lm/contracts';
import { TICKET_PRIORITIES } from '@lm/contracts/tickets';
import { sql } from 'drizzle-orm';
import { OPEN_SQL, type TicketDeps } from './tickets.context';
import { DUE_SQL, priorityBadge } from './tickets.views';

/** `tickets_stats`: open, overdue, by department, by priority, times and satisfaction. */
export interface TicketStats {
  open: number;
  waiting_on_staff: number;
  overdue: number;
  unassigned: number;
  by_department: { id: number; department_name: string; open: number }[];
  by_priority: { id: number; name: string; color: string; open: number }[];
  avg_first_response_seconds: number | null;
  avg_resolution_seconds: number | null;
  satisfaction: { average: number | null; ratings: number };
}

/** Figures of the support desk now, on the product's clock. */
export async function ticketStats(deps: TicketDeps, lang: Language): Promise<TicketStats> {
  const now = deps.clock.now().toISOString();
  const [totals, byDep, byPri] = await Promise.all([
    deps.database.db.execute<{
      open: number;
      waiting: number;
      overdue: number;
      unassigned: number;
      first: number | null;
      resolution: number | null;
      rating: number | null;
      ratings: number;
    }>(sql`select
        count(*) filter (where t.status_id in ${OPEN_SQL})::int as open,
        count(*) filter (where t.status_id in (1, 2))::int as waiting,
        count(*) filter (where ${DUE_SQL} < ${now})::int as overdue,
        count(*) filter (where t.status_id in ${OPEN_SQL} and t.admin_id is null)::int as unassigned,
        round(avg(extract(epoch from t.first_response_at - t.created_at)))::float8 as first,
        round(avg(extract(epoch from t.resolved_at - t.created_at) - t.paused_seconds)
              filter (where t.resolved_at is not null))::float8 as resolution,
        round(avg(t.rating)::numeric, 2)::float8 as rating,
        count(t.rating)::int as ratings
      from tickets t`),
    deps.database.db.execute<{ id: number; department_name: string; open: number }>(sql`
      select d.id, d.department_name, count(t.id)::int as open from tickets_departments d
        left join tickets t on t.department_id = d.id and t.status_id in ${OPEN_SQL}
       group by d.id order by lower(d.department_name), d.id`),
    deps.database.db.execute<{ id: number; open: number }>(sql`
      select priority_id as id, count(*)::int as open from tickets where status_id in ${OPEN_SQL} group by priority_id`),
  ]);
  const row = totals.rows[0]!;
  const pri = new Map(byPri.rows.map((r) => [r.id, r.open]));
  return {
    open: row.open,
    waiting_on_staff: row.waiting,
    overdue: row.overdue,
    unassigned: row.unassigned,
    by_department: byDep.rows,
    by_priority: TICKET_PRIORITIES.map((p) => ({
      id: p.id,
      ...priorityBadge(p.id, lang),
      open: pri.get(p.id) ?? 0,
    })),
    avg_first_response_seconds: row.first,
    avg_resolution_seconds: row.resolution === null ? null : Math.max(0, row.resolution),
    satisfaction: { average: row.rating, ratings: row.ratings },
  };
}
