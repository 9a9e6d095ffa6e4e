export {
  type AttachmentDownload,
  attachmentForDownload,
  checkAttachments,
  downloadName,
} from './tickets.attachments';
export { sweepBreaches } from './tickets.breaches';
export {
  beatReplying,
  REPLYING_TTL_SECONDS,
  ReplyCollisionError,
  stopReplying,
  whoIsReplying,
  whoIsReplyingOn,
} from './tickets.collisions';
export type { TicketActor, TicketDeps } from './tickets.context';
export { assertActiveAdmin, createTicket } from './tickets.create';
export {
  type CampaignOption,
  changeDepartmentAdmins,
  type DepartmentView,
  deleteDepartment,
  departmentAdmins,
  listDepartments,
  saveDepartment,
  searchDepartments,
  userCampaigns,
} from './tickets.departments';
export { mergeTickets } from './tickets.merge';
export { addReply, type ReplyInput } from './tickets.replies';
export {
  deleteSavedReply,
  fillPlaceholders,
  listSavedReplies,
  savedRepliesForTicket,
  saveSavedReply,
} from './tickets.saved-replies';
export { closeTicket, deleteTicket, rateTicket, setStatus, updateTicket } from './tickets.staff';
export { type TicketStats, ticketStats } from './tickets.stats';
export { addTag, removeTag } from './tickets.tags';
export { CONTEXT_LIMITS, CONTEXT_PERMISSIONS, ticketUserContext } from './tickets.user-context';
export {
  type AttachmentView,
  attachmentUrl,
  type Badge,
  getTicket,
  listReplies,
  listTickets,
  priorityBadge,
  type ReplyView,
  statusBadge,
  TICKET_EXPORT_COLUMNS,
  TICKET_ORDER_COLUMNS,
  type TicketExportRow,
  type TicketListFilter,
  type TicketOrderColumn,
  type TicketView,
  ticketExportQuery,
} from './tickets.views';
