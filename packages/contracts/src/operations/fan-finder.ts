import type { OperationDocs } from './types';

export const fanFinderOperations: OperationDocs = {};
