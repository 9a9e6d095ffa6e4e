/** A name and a colour (`tickets_status{name,color}`, `tickets_priority{name,color}`), the name translated by the API. */
export interface TicketBadge {
  name: string;
  color: string;
}

/** An attached file. */
export interface TicketAttachment {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
}

/** A ticket as `ticket/{id}` and the lists answer it (priority and status absent for users of type above 1). */
export interface Ticket {
  id: number;
  ticket_subject: string;
  initial_message: string;
  campaign_id: number | null;
  /** The custom (managed) campaign the ticket is about, instead of an express one. */
  custom_campaign_id: number | null;
  campaign_name: string | null;
  department_id: number;
  tickets_department: { department_name: string };
  user_id: number;
  user_name: string;
  user_email: string;
  admin_id: number | null;
  admin_name: string | null;
  priority_id?: number;
  tickets_priority?: TicketBadge;
  status_id?: number;
  tickets_status?: TicketBadge;
  attachments: TicketAttachment[];
  created_at: string;
  updated_at: string;
  last_reply_at: string | null;
  first_response_due_at: string | null;
  resolution_due_at: string | null;
  first_response_at: string | null;
  resolved_at: string | null;
  due_at: string | null;
  overdue: boolean;
  rating: number | null;
  rating_comment: string | null;
  is_closed: boolean;
  can_close: boolean;
  can_rate: boolean;
  can_delete: boolean;
}

/** A message of the conversation (`ticket_replies/{id}`). */
export interface TicketReplyItem {
  id: number;
  ticket_id: number;
  message: string;
  is_internal: boolean;
  via: 'app' | 'email';
  author: { kind: 'user' | 'admin'; id: number; name: string };
  attachments: TicketAttachment[];
  created_at: string;
}

/** A picker entry. */
export interface TicketOption {
  id: number;
  name: string;
  color?: string;
}

/**
 * A campaign the new-ticket form offers (`campaign/getUserCampaignWithQ/{id}?include_custom=1`): an
 * express campaign (sent as `campaign_id`) or a custom one (`custom_campaign_id`).
 */
export interface TicketCampaignOption extends TicketOption {
  kind: 'express' | 'custom';
  platform: 'spotify' | 'tiktok' | 'instagram';
  track_name: string;
}
