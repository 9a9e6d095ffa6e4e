import type { OperationDocs } from './types';

export const authOperations: OperationDocs = {};
