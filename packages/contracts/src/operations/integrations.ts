import type { OperationDocs } from './types';

export const integrationsOperations: OperationDocs = {};
