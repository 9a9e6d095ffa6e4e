import type { OperationDocs } from './types';

export const expressInstagramOperations: OperationDocs = {};
