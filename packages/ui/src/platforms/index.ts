export * from './platforms';
