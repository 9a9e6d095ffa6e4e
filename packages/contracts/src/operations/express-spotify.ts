import type { OperationDocs } from './types';

export const expressSpotifyOperations: OperationDocs = {};
