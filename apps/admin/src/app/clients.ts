import { createApiClients, STORAGE_KEYS } from '@lm/ui';

/** API clients of the back-office: token under USER_TOKEN, USR_UNAUTHENTICATED reloads `/admin/`. */
export const clients = createApiClients(STORAGE_KEYS.adminToken, '/admin/');
