export * from './TicketDetailScreen';
export * from './TicketParts';
export * from './ticket-types';
export * from './use-tickets';
export * from './use-tickets-catalog';
