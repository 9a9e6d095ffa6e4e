import type { OperationDocs } from './types';

export const formsOperations: OperationDocs = {};
