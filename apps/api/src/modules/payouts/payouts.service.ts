export * from './payouts.transfer';
