// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client';
import { ApiRequestError } from './api-error';
import { downloadFile } from './download';

const api = {
  options: { baseUrl: '/api', getLanguage: () => 'ar' },
  token: () => 'tok',
} as unknown as ApiClient;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('downloadFile', () => {
  it('fetches the path with the token and language and saves the body under the name', async () => {
    const fetchMock = vi.fn(async () => new Response('a,b', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await downloadFile(api, 'admin/crm/lists/3/export?filter%5Bkind%5D=artist', 'leads-list-3.csv');
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/crm/lists/3/export?filter%5Bkind%5D=artist', {
      headers: { Authorization: 'Bearer tok', 'X-Lang': 'ar' },
    });
    expect(saved).toEqual(['leads-list-3.csv']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:x');
  });

  it("throws the server's translated refusal, or the status when the body is not an API error, and saves nothing", async () => {
    const refusal = { message: 'يوجد تصدير قيد التنفيذ', code: 'exports.busy', requestId: 'r1' };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(refusal), { status: 429 }))
      .mockResolvedValueOnce(new Response('', { status: 502 }));
    vi.stubGlobal('fetch', fetchMock);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const first = await downloadFile(api, 'admin/users/export.csv', 'users.csv').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiRequestError);
    expect(first).toMatchObject({ status: 429, message: refusal.message, code: 'exports.busy' });
    await expect(downloadFile(api, 'admin/users/export.csv', 'users.csv')).rejects.toThrow(
      'download failed: 502',
    );
    expect(click).not.toHaveBeenCalled();
  });
});
