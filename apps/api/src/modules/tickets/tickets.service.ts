export * from './tickets.views';
