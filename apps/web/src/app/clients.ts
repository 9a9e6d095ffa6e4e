import { actingHeaders, createApiClients, STORAGE_KEYS } from '@lm/ui';

/**
 * API clients of the user app: token under AUTH_TOKEN, USR_UNAUTHENTICATED reloads `/`, and
 * `X-Acting-For` on every request while the tab acts for a roster artist (issue 35).
 */
export const clients = createApiClients(STORAGE_KEYS.userToken, '/', '/api', actingHeaders);
