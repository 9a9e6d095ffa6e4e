import type { OperationDocs } from './types';

export const ticketsOperations: OperationDocs = {};
