import type { OperationDocs } from './types';

export const payoutsOperations: OperationDocs = {};
