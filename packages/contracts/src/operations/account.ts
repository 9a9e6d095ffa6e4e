import type { OperationDocs } from './types';

export const accountOperations: OperationDocs = {};
