import type { JobDefinition } from '../../jobs/jobs';
import { clearExpiredReplying } from './tickets.collisions';
import { sweepBreaches, type TicketDeps } from './tickets.service';

/** Queue of the support tickets' time promises. */
export const TICKET_QUEUES = { sla: 'tickets.sla' } as const;

/**
 * `tickets.sla` (every minute): stamps and announces broken first-response and resolution promises
 * (`sweepBreaches`, safe to run twice or side by side: rows are taken `skip locked` and stamped once),
 * then deletes expired "replying" heartbeats (`clearExpiredReplying`).
 */
export function ticketJobDefinitions(deps: TicketDeps): JobDefinition[] {
  return [
    {
      name: TICKET_QUEUES.sla,
      cron: '* * * * *',
      retryLimit: 1,
      handler: async () => {
        while ((await sweepBreaches(deps)) > 0) {
          // A full batch may leave more: sweep until a pass finds nothing new.
        }
        await clearExpiredReplying(deps);
      },
    },
  ];
}
