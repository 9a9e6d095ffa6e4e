export * from './InvoiceCard';
export * from './InvoiceDetailScreen';
export * from './invoice-columns';
export * from './money';
export * from './TransactionDetails';
export * from './transactions';
export * from './WalletBalanceCard';
export * from './wallet-types';
