import { LIMITS } from '@lm/contracts/limits';
import { currentLanguage, i18next } from '../i18n/i18n';
import { ApiClient, type Notifier } from './api-client';
import type { ApiClients } from './api-context';
import { showErrorToast, showSuccessToast } from './toasts';

/**
 * Toasts through Mantine notifications, closing after 5 s (spec section 9); an error toast closes
 * when a success follows or its page is left.
 */
export const mantineNotifier: Notifier = {
  error: showErrorToast,
  success: showSuccessToast,
};

/**
 * Builds the main and upload clients of one app.
 *
 * @param tokenKey - `AUTH_TOKEN` for the user app, `USER_TOKEN` for the back-office.
 * @param rootPath - `/` or `/admin/`: where USR_UNAUTHENTICATED sends the browser.
 * @param extraHeaders - headers read at each request (the user app's `actingHeaders`, issue 35).
 */
export function createApiClients(
  tokenKey: string,
  rootPath: string,
  baseUrl = '/api',
  extraHeaders?: (path: string) => Record<string, string>,
): ApiClients {
  const shared = {
    extraHeaders,
    baseUrl,
    tokenKey,
    rootPath,
    getLanguage: currentLanguage,
    translate: (key: string) => i18next.t(key),
    notifier: mantineNotifier,
  };
  return {
    api: new ApiClient({ ...shared, timeoutMs: LIMITS.requestTimeoutMs }),
    upload: new ApiClient({ ...shared, timeoutMs: LIMITS.uploadTimeoutMs }),
  };
}
