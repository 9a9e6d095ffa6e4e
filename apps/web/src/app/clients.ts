import { createApiClients, STORAGE_KEYS } from '@lm/ui';

/** API clients of the user app: token under AUTH_TOKEN, USR_UNAUTHENTICATED reloads `/`. */
export const clients = createApiClients(STORAGE_KEYS.userToken, '/');
