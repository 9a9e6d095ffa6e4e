// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiProvider } from '@lm/ui';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import crmAr from '../../i18n/crm/crm-ar.json';
import crmEn from '../../i18n/crm/crm-en.json';
import { NewCampaignModal, SendConfirmModal } from './CampaignsPages';
import { segmentSentence } from './segment-words';

afterEach(cleanup);

/** The whole shared catalog of a language (a JSON import here is only its sign-in half). */
const messages = (lang: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(
        path.dirname(fileURLToPath(import.meta.url)),
        '../../../../../packages/contracts/src/i18n',
        `${lang}.json`,
      ),
      'utf8',
    ),
  ) as Record<string, unknown>;
beforeAll(async () => {
  await initTestI18n();
  // As in the back-office: the CRM texts in their own namespace, before the shared messages.
  i18next.options.fallbackNS = ['backoffice', 'messages'];
  i18next.addResourceBundle('en', 'backoffice', crmEn, true, false);
  i18next.addResourceBundle('ar', 'backoffice', crmAr, true, false);
  i18next.addResourceBundle('en', 'messages', messages('en'), true, false);
  i18next.addResourceBundle('ar', 'messages', messages('ar'), true, false);
});

const OPTIONS = {
  genres: [
    { value: 'rock', recipients: 4 },
    { value: 'pop', recipients: 2 },
  ],
  countries: [
    { value: 'FR', recipients: 3 },
    { value: 'DE', recipients: 1 },
  ],
  sources: [{ value: 'csv', recipients: 5 }],
};

/** A fake API answering what the form asks; the count depends on the segment sent. */
function fakeApi() {
  const posts: { path: string; body: Record<string, unknown> }[] = [];
  const gets: string[] = [];
  const api = {
    list: vi.fn(async (path: string) => ({
      data:
        path === 'admin/crm/lists'
          ? [{ id: 4, name: 'Rock fans', addresses: 6 }]
          : [{ id: 9, name: 'November news' }],
      meta: { total: 1 },
    })),
    get: vi.fn(async (path: string) => {
      gets.push(path);
      if (path === 'admin/crm/senders')
        return { data: [{ id: 2, name: 'News', email: 'news@mail.test', usable: true }] };
      if (path === 'admin/crm/lists/4/segment-options') return { data: OPTIONS };
      throw new Error(`unexpected GET ${path}`);
    }),
    post: vi.fn(async (path: string, body: Record<string, unknown>) => {
      posts.push({ path, body });
      if (path === 'admin/crm/segments/count') {
        const segment = body.segment as Record<string, unknown>;
        return { data: { recipients: Object.keys(segment).length === 0 ? 6 : 2 } };
      }
      if (path === 'admin/crm/campaigns') return { data: { id: 77 } };
      throw new Error(`unexpected POST ${path}`);
    }),
  };
  return { api, posts, gets };
}

async function pick(testId: string, option: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the segment editor of the new campaign form (issue 36)', { timeout: 60_000 }, () => {
  it('narrows the chosen list, counts live, refuses a bad day count and sends the segment', async () => {
    await i18next.changeLanguage('en');
    const { api, posts, gets } = fakeApi();
    renderWithUi(
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider clients={{ api: api as never, upload: api as never }}>
          <MemoryRouter>
            <NewCampaignModal opened onClose={() => undefined} />
          </MemoryRouter>
        </ApiProvider>
      </QueryClientProvider>,
    );
    // No list yet: the segment waits for one and nothing is counted.
    expect(
      screen.getByText('Choose a leads list first: its genres, countries and sources appear here.'),
    ).toBeTruthy();
    await pick('campaign-list', 'Rock fans (6)');
    await waitFor(() => expect(gets).toContain('admin/crm/lists/4/segment-options'));
    await waitFor(() => expect(screen.getByTestId('segment-count-value').textContent).toBe('6 recipients'));

    // Options come with their number of addresses; countries are named in the reader's language.
    await pick('segment-genres', 'rock (4)');
    await pick('segment-countries', 'France (3)');
    await waitFor(() => expect(screen.getByTestId('segment-count-value').textContent).toBe('2 recipients'), {
      timeout: 5_000,
    });
    expect(posts.filter((p) => p.path === 'admin/crm/segments/count').at(-1)?.body).toEqual({
      list_id: 4,
      segment: { genres: ['rock'], countries: ['FR'] },
    });

    // 0 and 4000 days are refused with the server's message, never clamped, and not counted.
    const days = screen.getByTestId('segment-engaged');
    for (const bad of ['0', '4000']) {
      const before = posts.length;
      fireEvent.change(days, { target: { value: bad } });
      expect(await screen.findByText('Enter a whole number of days from 1 to 3650')).toBeTruthy();
      expect((days as HTMLInputElement).value).toBe(bad);
      await new Promise((r) => setTimeout(r, 600));
      expect(posts.length).toBe(before);
    }
    fireEvent.change(screen.getByTestId('campaign-name'), { target: { value: 'Rock in France' } });
    await pick('campaign-template', 'November news');
    await pick('campaign-sender', 'News <news@mail.test>');
    expect((screen.getByTestId('campaign-create') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(days, { target: { value: '30' } });
    expect((days as HTMLInputElement).value).toBe('30');
    expect(screen.queryByText('Enter a whole number of days from 1 to 3650')).toBeNull();
    await waitFor(
      () =>
        expect(posts.filter((p) => p.path === 'admin/crm/segments/count').at(-1)?.body).toEqual({
          list_id: 4,
          segment: { genres: ['rock'], countries: ['FR'], engaged_days: 30 },
        }),
      { timeout: 5_000 },
    );
    await waitFor(() =>
      expect((screen.getByTestId('campaign-create') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('campaign-create'));
    await waitFor(() => expect(posts.some((p) => p.path === 'admin/crm/campaigns')).toBe(true));
    expect(posts.find((p) => p.path === 'admin/crm/campaigns')?.body).toEqual({
      name: 'Rock in France',
      list_id: 4,
      template_id: 9,
      sender_id: 2,
      segment: { genres: ['rock'], countries: ['FR'], engaged_days: 30 },
    });
  });

  it('says the segment in words, in English and in Arabic', async () => {
    const segment = {
      genres: ['rock', 'pop'],
      countries: ['FR', 'DE'],
      sources: ['csv' as const],
      engaged_days: 30,
    };
    const en = i18next.getFixedT('en');
    expect(segmentSentence(segment, en, 'en')).toBe(
      'genre rock or pop, country France or Germany, source CSV import, and opened or clicked in the last 30 days',
    );
    expect(segmentSentence(null, en, 'en')).toBe('the whole list');
    expect(segmentSentence({ engaged_days: 1 }, en, 'en')).toBe('opened or clicked in the last day');
    const ar = i18next.getFixedT('ar');
    const words = segmentSentence({ countries: ['FR'], engaged_days: 2 }, ar, 'ar');
    expect(words).toContain('فرنسا');
    expect(words).toContain('خلال آخر يومين');
  });

  it('shows the segment in the send confirmation', async () => {
    await i18next.changeLanguage('en');
    const api = {
      get: vi.fn(async () => ({
        data: { recipients: 2, sender: { name: 'News', email: 'news@mail.test' }, empty_tags: [] },
      })),
    };
    renderWithUi(
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider clients={{ api: api as never, upload: api as never }}>
          <SendConfirmModal
            campaign={{ id: 77, name: 'Rock in France', segment: { genres: ['rock'], countries: ['FR'] } }}
            scheduledAt={null}
            onClose={() => undefined}
            onConfirm={() => undefined}
            sending={false}
          />
        </ApiProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('campaign-send-segment')).textContent).toBe(
      'Segment: genre rock and country France',
    );
    expect(screen.getByTestId('campaign-send-count').textContent).toContain('2 recipients');
  });
});
