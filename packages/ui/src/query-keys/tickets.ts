/** Keys of the support tickets screens of both apps: one ticket, its replies, a lookup of options. */
export const ticketKeys = {
  all: ['tickets'] as const,
  ticket: (id: number) => ['tickets', 'ticket', id] as const,
  replies: (id: number) => ['tickets', 'replies', id] as const,
  lookup: (path: string, q: string) => ['tickets', 'lookup', path, q] as const,
};
