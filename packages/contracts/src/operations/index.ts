import { accountOperations } from './account';
import { adminOperations } from './admin';
import { apiKeysOperations } from './api-keys';
import { authOperations } from './auth';
import { connectionsOperations } from './connections';
import { customCampaignsOperations } from './custom-campaigns';
import { expressOperations } from './express';
import { expressInstagramOperations } from './express-instagram';
import { expressSpotifyOperations } from './express-spotify';
import { expressTiktokOperations } from './express-tiktok';
import { fanFinderOperations } from './fan-finder';
import { formsOperations } from './forms';
import { integrationsOperations } from './integrations';
import { organisationMoneyOperations } from './organisation-money';
import { organisationsOperations } from './organisations';
import { payoutsOperations } from './payouts';
import { ticketsOperations } from './tickets';
import type { OperationDocs } from './types';
import { walletOperations } from './wallet';
import { webhooksOperations } from './webhooks';

export type { OperationDoc, OperationDocs } from './types';

/**
 * The area maps as one, refusing a key documented twice or an operationId used twice (an operationId
 * names one operation forever: the SDK's method names come from it).
 * @throws Error naming the duplicate key or id
 */
export function mergeOperations(...areas: OperationDocs[]): OperationDocs {
  const merged: OperationDocs = {};
  const ids = new Map<string, string>();
  for (const area of areas) {
    for (const [key, doc] of Object.entries(area)) {
      if (merged[key]) throw new Error(`operation ${key} is documented twice`);
      const other = ids.get(doc.id);
      if (other) throw new Error(`operationId ${doc.id} is used by ${other} and ${key}`);
      ids.set(doc.id, key);
      merged[key] = doc;
    }
  }
  return merged;
}

/** The docs of every API operation, keyed `'METHOD /api/path/{param}'` (issue 34 "The reference"). */
export const OPERATIONS: OperationDocs = mergeOperations(
  authOperations,
  accountOperations,
  walletOperations,
  payoutsOperations,
  expressOperations,
  expressSpotifyOperations,
  expressTiktokOperations,
  expressInstagramOperations,
  customCampaignsOperations,
  formsOperations,
  ticketsOperations,
  connectionsOperations,
  fanFinderOperations,
  integrationsOperations,
  apiKeysOperations,
  webhooksOperations,
  organisationsOperations,
  organisationMoneyOperations,
  adminOperations,
);
