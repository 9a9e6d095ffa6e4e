export * from './TicketDetailScreen';
export * from './TicketParts';
export * from './ticket-hooks';
export * from './ticket-types';
export * from './use-tickets-catalog';
