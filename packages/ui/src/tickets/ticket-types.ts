import type { TicketBadgeOption, TicketLookupItem } from '@lm/contracts/tickets-api';

/**
 * Shapes of the ticket answers: the zod schemas in `@lm/contracts/tickets-api` that the API serialises
 * its responses through, imported as types only (no zod in the bundles).
 */
export type {
  Ticket,
  TicketAttachment,
  TicketBadge,
  TicketCampaignOption,
  TicketContext,
  TicketDepartment,
  TicketReplyItem,
  TicketReplying,
  TicketStats,
} from '@lm/contracts/tickets-api';

/** A picker entry of any ticket lookup: the status and priority lookups add their colour. */
export type TicketOption = TicketLookupItem & Partial<Pick<TicketBadgeOption, 'color'>>;
