export * from './api';
export * from './auth';
export * from './limits';
export * from './money';
export * from './permissions';
export * from './scraping';
export * from './statuses';
export * from './users';
