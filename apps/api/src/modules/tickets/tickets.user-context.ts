import type { Language } from '@lm/contracts';
import { EXPRESS_ADMIN_PERMISSIONS } from '@lm/contracts/permissions';
import type { TicketContext } from '@lm/contracts/tickets-api';
import { eq, sql } from 'drizzle-orm';
import { NotFoundError } from '../../platform/errors';
import type { TicketDeps } from './tickets.context';
import { tickets } from './tickets.schema';
import { statusBadge } from './tickets.views';

/** How many of the user's other tickets and campaigns the panel lists (the newest). */
export const CONTEXT_LIMITS = { tickets: 10, campaigns: 5 } as const;

/** The permission of each linked page: the ticket detail, an express campaign's, a custom campaign's. */
export const CONTEXT_PERMISSIONS = {
  tickets: 'tickets.show',
  express: EXPRESS_ADMIN_PERMISSIONS.campaigns,
  custom: 'custom.campaigns.show',
} as const;

const PLATFORM_OF_TYPE = { 1: 'spotify', 2: 'tiktok', 3: 'instagram' } as const;

/**
 * Beside a ticket's thread (`GET /api/admin/tickets/{id}/context`, issue 36 "Helpdesk"): the ticket
 * user's other tickets (newest 10: number, subject, status) and recent campaigns (newest 5 express
 * and custom ones together: number, track, platform, status), each list only when `permissions` hold
 * the permission of the page it links to (`CONTEXT_PERMISSIONS`), null otherwise; campaigns of a
 * sort the reader may not open are left out.
 * @throws NotFoundError 404 when the ticket does not exist
 */
export async function ticketUserContext(
  deps: TicketDeps,
  ticketId: number,
  permissions: ReadonlySet<string>,
  lang: Language,
): Promise<TicketContext> {
  const [ticket] = await deps.database.db
    .select({ userId: tickets.userId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw new NotFoundError();
  const db = deps.database.db;
  const mayExpress = permissions.has(CONTEXT_PERMISSIONS.express);
  const mayCustom = permissions.has(CONTEXT_PERMISSIONS.custom);
  const [others, campaigns] = await Promise.all([
    permissions.has(CONTEXT_PERMISSIONS.tickets)
      ? db.execute<{
          id: number;
          ticket_subject: string;
          status_id: number;
          merged_into_id: number | null;
          created_at: Date | string;
        }>(
          sql`select id, ticket_subject, status_id, merged_into_id, created_at from tickets
            where user_id = ${ticket.userId} and id <> ${ticketId}
            order by created_at desc, id desc limit ${CONTEXT_LIMITS.tickets}`,
        )
      : null,
    mayExpress || mayCustom
      ? db.execute<{
          id: number;
          kind: 'express' | 'custom';
          type: number;
          track_name: string;
          status_id: number;
          created_at: Date | string;
        }>(
          sql`select * from (
              select c.id, 'express' as kind, c.campaign_type_id as type, c.track_name, c.status_id, c.created_at
                from express_campaigns c where c.artist_id = ${ticket.userId} and ${mayExpress}
              union all
              select cc.id, 'custom' as kind, 1 as type, cc.name as track_name, cc.status as status_id, cc.created_at
                from custom_campaigns cc
                where cc.artist_id = ${ticket.userId} and cc.status <> 5 and ${mayCustom}
            ) x order by created_at desc, id desc limit ${CONTEXT_LIMITS.campaigns}`,
        )
      : null,
  ]);
  return {
    tickets:
      others?.rows.map((r) => ({
        id: r.id,
        ticket_subject: r.ticket_subject,
        status_id: r.status_id,
        tickets_status: statusBadge(r.status_id, lang),
        merged_into_id: r.merged_into_id,
        created_at: new Date(r.created_at).toISOString(),
      })) ?? null,
    campaigns:
      campaigns?.rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        platform: PLATFORM_OF_TYPE[r.type as 1 | 2 | 3] ?? 'spotify',
        track_name: r.track_name,
        status_id: r.status_id,
        created_at: new Date(r.created_at).toISOString(),
      })) ?? null,
  };
}
