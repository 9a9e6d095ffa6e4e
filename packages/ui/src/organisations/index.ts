// The ability (CASL, loaded by the organisation screens only) is imported from './ability.ts' directly.
export * from './acting';
export * from './use-switch-acting';
