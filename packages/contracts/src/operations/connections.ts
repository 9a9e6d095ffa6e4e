import type { OperationDocs } from './types';

export const connectionsOperations: OperationDocs = {};
