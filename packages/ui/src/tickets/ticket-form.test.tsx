// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../api/api-context';
import { jsonResponse, testClients } from '../test/api';
import { initTestI18n, renderWithUi } from '../test/render';
import en from './locales/tickets-en.json';
import { TicketForm } from './TicketParts';

afterEach(cleanup);
beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'tickets', en, true, true);
});

const json = (body: unknown) => jsonResponse(body);

function render() {
  const calls: { url: string; body: unknown }[] = [];
  const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.includes('tickets_department_q')) return json({ data: [{ id: 1, name: 'Campaigns' }] });
    if (url.includes('tickets_priority_q')) return json({ data: [{ id: 3, name: 'Low' }] });
    if (url.includes('getUserCampaignWithQ'))
      return json({
        data: [
          {
            id: 5,
            name: '#5 Lucky Skyline (TikTok)',
            kind: 'express',
            platform: 'tiktok',
            track_name: 'Lucky Skyline',
          },
          {
            id: 4,
            name: '#4 Lucky Skyline (Spotify)',
            kind: 'express',
            platform: 'spotify',
            track_name: 'Lucky Skyline',
          },
          {
            id: 5,
            name: '#5 Lucky Skyline (Spotify)',
            kind: 'custom',
            platform: 'spotify',
            track_name: 'Lucky Skyline',
          },
        ],
      });
    return json({ data: { id: 99 } });
  });
  const clients = testClients(fetchImpl);
  const onCreated = vi.fn();
  renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider clients={clients}>
        <TicketForm userId={7} showPriority={false} onCreated={onCreated} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { calls, onCreated };
}

describe('the ticket form’s campaign picker', { timeout: 120_000 }, () => {
  it('shows each campaign with its platform, custom campaigns too, and sends a custom one as custom_campaign_id', async () => {
    const { calls, onCreated } = render();
    await waitFor(() => expect(calls.some((c) => c.url.includes('getUserCampaignWithQ'))).toBe(true));
    expect(calls.find((c) => c.url.includes('getUserCampaignWithQ'))!.url).toContain('include_custom=1');
    fireEvent.click(screen.getByTestId('ticket-campaign'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      '#5 Lucky Skyline · TikTok',
      '#4 Lucky Skyline · Spotify',
      '#5 Lucky Skyline · Spotify (custom campaign)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: '#5 Lucky Skyline · Spotify (custom campaign)' }));

    fireEvent.change(screen.getByTestId('ticket-subject'), { target: { value: 'Help' } });
    fireEvent.click(screen.getByTestId('ticket-department'));
    fireEvent.click(await screen.findByRole('option', { name: 'Campaigns' }));
    fireEvent.change(screen.getByTestId('ticket-message'), { target: { value: 'Stuck' } });
    fireEvent.click(screen.getByTestId('ticket-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(99));
    const sent = calls.find((c) => c.url === '/api/tickets')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ campaign_id: null, custom_campaign_id: 5 });
  });
});
