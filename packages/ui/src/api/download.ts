import type { ApiError } from '@lm/contracts';
import type { ApiClient } from './api-client';
import { ApiRequestError } from './api-error';

/**
 * Download a file the API answers only to a signed-in reader (CSV, PDF): fetched with the bearer
 * token and the reader's language, then saved under `filename` through a temporary link.
 * @param path the API path under the client's base (`results/export.csv`), with its query if any
 * @throws ApiRequestError with the server's translated message when the API refuses (a JSON error),
 *   Error naming the status otherwise
 */
export async function downloadFile(api: ApiClient, path: string, filename: string): Promise<void> {
  const response = await fetch(`${api.options.baseUrl}/${path}`, {
    headers: { Authorization: `Bearer ${api.token() ?? ''}`, 'X-Lang': api.options.getLanguage() },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiError | null;
    if (body && typeof body.message === 'string') throw new ApiRequestError(response.status, body);
    throw new Error(`download failed: ${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
