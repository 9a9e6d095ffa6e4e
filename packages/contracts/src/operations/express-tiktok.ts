import type { OperationDocs } from './types';

export const expressTiktokOperations: OperationDocs = {};
