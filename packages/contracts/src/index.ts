export * from './api';
export * from './auth';
export * from './limits';
export * from './permissions';
export * from './statuses';
export * from './users';
