export * from './api';
export * from './auth';
export * from './format';
export * from './limits';
export * from './messages';
export * from './permissions';
export * from './statuses';
export * from './users';
