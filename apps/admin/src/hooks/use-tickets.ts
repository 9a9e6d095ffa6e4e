import type { BulkResult } from '@lm/contracts/bulk';
import type { TicketBulkAssignee, TicketBulkPriority, TicketBulkStatus } from '@lm/contracts/tickets';
import { ticketKeys, useApi } from '@lm/ui';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Bulk work on the staff ticket list (issue 36 "Lists"): `POST admin/tickets/bulk/status|priority|assignee`
 * with the selected ids; answers the per-ticket results and refreshes the desk's figures and tickets.
 */
export function useTicketBulk() {
  const { api } = useApi();
  const queryClient = useQueryClient();
  const done = async (answer: Promise<{ data: BulkResult }>) => {
    const { data } = await answer;
    await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    return data;
  };
  return {
    status: (body: TicketBulkStatus) => done(api.post<BulkResult>('admin/tickets/bulk/status', body)),
    priority: (body: TicketBulkPriority) => done(api.post<BulkResult>('admin/tickets/bulk/priority', body)),
    assignee: (body: TicketBulkAssignee) => done(api.post<BulkResult>('admin/tickets/bulk/assignee', body)),
  };
}
