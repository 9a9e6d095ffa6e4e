import type { OperationDocs } from '../types';

/** Docs of every /api/admin operation (issue 34 "The reference"), one file per back-office area. */
export const adminOperations: OperationDocs = {};
