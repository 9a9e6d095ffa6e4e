/** Keys of the support tickets screens of both apps: one ticket, its replies, a lookup of options. */
export const ticketKeys = {
  all: ['tickets'] as const,
  ticket: (id: number) => ['tickets', 'ticket', id] as const,
  replies: (id: number) => ['tickets', 'replies', id] as const,
  lookup: (path: string, q: string) => ['tickets', 'lookup', path, q] as const,
  /** The other agents replying on a ticket (staff), read or beaten (`typing`). */
  replying: (id: number, typing: boolean) => ['tickets', 'replying', id, typing] as const,
  /** Every ticket's context beside its thread (a merge changes two tickets' neighbours). */
  contexts: ['tickets', 'context'] as const,
  /** The ticket user's other tickets and campaigns beside the thread (staff). */
  context: (id: number) => ['tickets', 'context', id] as const,
};
