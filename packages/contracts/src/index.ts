export * from './permissions';
export * from './statuses';
export * from './limits';
export * from './auth';
export * from './api';
