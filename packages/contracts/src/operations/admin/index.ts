import type { OperationDocs } from '../types';
import { apiKeysOperations } from './api-keys';
import { auditOperations } from './audit';
import { authOperations } from './auth';
import { crmOperations } from './crm';
import { customCampaignsOperations } from './custom-campaigns';
import { devOperations } from './dev';
import { expressOperations } from './express';
import { fanFinderOperations } from './fan-finder';
import { formsOperations } from './forms';
import { lookupsOperations } from './lookups';
import { notificationsOperations } from './notifications';
import { organisationsOperations } from './organisations';
import { payoutsOperations } from './payouts';
import { queuesOperations } from './queues';
import { reportsOperations } from './reports';
import { scrapingOperations } from './scraping';
import { searchOperations } from './search';
import { settingsOperations } from './settings';
import { socialOperations } from './social';
import { staffOperations } from './staff';
import { ticketsOperations } from './tickets';
import { trustOperations } from './trust';
import { usersOperations } from './users';
import { walletOperations } from './wallet';

/**
 * The reference docs of every back-office operation (issue 34 "The reference"): the routes under
 * `/api/admin` (the spec's paths both apps call, and staff routes outside `/api/admin`, are documented
 * with their areas in `../<area>.ts`, under ids without the `admin.` prefix), keyed
 * `'METHOD /api/path/{param}'`. `apps/api/src/test/admin-operations.test.ts` keeps it equal to the
 * app's route table.
 */
export const adminOperations: OperationDocs = {
  ...authOperations,
  ...notificationsOperations,
  ...staffOperations,
  ...auditOperations,
  ...settingsOperations,
  ...queuesOperations,
  ...lookupsOperations,
  ...reportsOperations,
  ...usersOperations,
  ...searchOperations,
  ...walletOperations,
  ...payoutsOperations,
  ...expressOperations,
  ...socialOperations,
  ...customCampaignsOperations,
  ...scrapingOperations,
  ...ticketsOperations,
  ...formsOperations,
  ...crmOperations,
  ...fanFinderOperations,
  ...trustOperations,
  ...devOperations,
  ...apiKeysOperations,
  ...organisationsOperations,
};
