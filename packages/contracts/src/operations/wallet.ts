import type { OperationDocs } from './types';

export const walletOperations: OperationDocs = {};
