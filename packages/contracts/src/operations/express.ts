import type { OperationDocs } from './types';

export const expressOperations: OperationDocs = {};
