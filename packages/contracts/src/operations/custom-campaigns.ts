import type { OperationDocs } from './types';

export const customCampaignsOperations: OperationDocs = {};
