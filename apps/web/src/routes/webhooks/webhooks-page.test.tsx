// @vitest-environment jsdom
import type { WebhookDelivery, WebhookEndpoint } from '@lm/contracts/webhooks';
import { ApiProvider, createQueryClient } from '@lm/ui';
import { jsonResponse, testClients } from '@lm/ui/test/api.ts';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebhooksPage } from './WebhooksPage';

afterEach(cleanup);
// jsdom's missing document.fonts (the description's autosize textarea listens to font loading) comes
// from renderWithUi's polyfill, shared by the files of this worker.
beforeAll(initTestI18n);

const endpoint: WebhookEndpoint = {
  id: 3,
  url: 'https://hooks.example.com/liberty',
  description: '',
  events: ['campaign.created'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-11-30T10:00:00.000Z',
  updated_at: '2026-11-30T10:00:00.000Z',
};
const failed: WebhookDelivery = {
  id: 41,
  event_id: 'msg_0123456789abcdef0123456789abcdef',
  event_type: 'campaign.created',
  status: 'failed',
  attempts: 8,
  response_status: 500,
  response_excerpt: 'oops',
  error: 'status',
  duration_ms: 12,
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2026-11-30T10:05:00.000Z',
};

/** The page on a fake API: no endpoint until one is posted, then that one with one failed delivery. */
function renderPage() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let endpoints: WebhookEndpoint[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (method === 'POST' && url.endsWith('/user/webhooks')) {
      endpoints = [endpoint];
      return jsonResponse({ data: endpoint, message: 'Webhook endpoint added' }, 201);
    }
    if (url.includes('/deliveries/41/resend'))
      return jsonResponse({ data: { ...failed, status: 'pending' }, message: 'Sending again' });
    if (url.includes('/user/webhooks/3/deliveries'))
      return jsonResponse({
        data: [failed],
        pagination: { total: 1, limit: 10, current_page: 1, total_pages: 1 },
      });
    return jsonResponse({ data: endpoints });
  };
  renderWithUi(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider clients={testClients(fetchImpl)}>
        <WebhooksPage />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('/account/webhooks', () => {
  it('checks the form as the server does, adds the endpoint, shows its log and sends a delivery again', {
    timeout: 60_000,
  }, async () => {
    const calls = renderPage();
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'ftp://hooks.example.com' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText('Enter a full web address starting with https://')).toBeTruthy();
    expect(screen.getByText('Choose at least one event')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: endpoint.url } });
    fireEvent.click(screen.getByLabelText('campaign.created'));
    fireEvent.click(screen.getByTestId('webhook-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      url: endpoint.url,
      description: '',
      events: ['campaign.created'],
    });

    const row = await screen.findByTestId('webhook-delivery');
    expect(row.textContent).toContain('500');
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('Attempts: 8');
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url.endsWith('/user/webhooks/deliveries/41/resend')),
      ).toBe(true),
    );
  });
});
