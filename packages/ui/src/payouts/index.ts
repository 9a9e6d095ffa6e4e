export * from './PayoutParts';
export * from './PayoutStatusBadge';
export * from './PayoutsChart';
export * from './payout-types';
