// @vitest-environment jsdom
import { type ApiClient, ApiProvider, ApiRequestError, createQueryClient } from '@lm/ui';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeclineDialog } from './DeclineDialog';
import { FeedbackRating } from './FeedbackRating';

afterEach(cleanup);
beforeAll(initTestI18n);

const REASONS = [
  { id: 3, reason: 'Not the mood of the playlist' },
  { id: 4, reason: 'The mix needs more work' },
];
const FIFTEEN = 'The vocals sit too low and the intro runs long before the hook lands for our listeners.';

/** A server answering the reasons and the public settings, and `post` as given. */
function server(post: (path: string, body: unknown) => Promise<unknown>) {
  const get = vi.fn(async (path: string) =>
    path.endsWith('/reasons') ? { data: REASONS } : { data: { min_feedback_words: 15 } },
  );
  const postFn = vi.fn(post);
  const api = { get, post: postFn } as unknown as ApiClient;
  return { post: postFn, clients: { api, upload: api } };
}

function withApi(clients: { api: ApiClient; upload: ApiClient }, children: ReactNode) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider clients={clients}>{children}</ApiProvider>
    </QueryClientProvider>
  );
}

async function chooseReason(name: string) {
  fireEvent.click(await screen.findByTestId('decline-reason-select'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

// The first render of a Mantine modal takes seconds on a busy machine.
describe('say why: the decline dialog and the feedback rating', { timeout: 30_000 }, () => {
  it('counts the words live and sends nothing until a reason and 15 words are there', async () => {
    const s = server(async () => ({ data: {}, message: 'Declined' }));
    const onClose = vi.fn();
    renderWithUi(
      withApi(
        s.clients,
        <DeclineDialog platform="spotify" campaignId={7} track="Night drive" onClose={onClose} />,
      ),
    );
    const feedback = await screen.findByTestId('decline-feedback');
    fireEvent.change(feedback, { target: { value: 'Too long an intro.' } });
    expect(screen.getByTestId('feedback-word-count').textContent).toBe('4 / 15 words');
    fireEvent.click(screen.getByTestId('decline-submit'));
    expect(await screen.findByText('Please choose a reason')).toBeTruthy();
    expect(screen.getByText('Write at least 15 words')).toBeTruthy();
    expect(s.post).not.toHaveBeenCalled();

    await chooseReason('The mix needs more work');
    fireEvent.change(feedback, { target: { value: `  ${FIFTEEN}  ` } });
    expect(screen.getByTestId('feedback-word-count').textContent).toBe('17 / 15 words');
    fireEvent.click(screen.getByTestId('decline-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(s.post.mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ['express/curator/decline/campaign', { campaign_id: 7, reason_id: 4, feedback: FIFTEEN }],
    ]);
  });

  it("puts the server's refusal under its field and keeps the dialog open", async () => {
    const s = server(async () => {
      throw new ApiRequestError(422, {
        message: 'Write at least 20 words',
        errors: { feedback: ['Write at least 20 words'] },
      });
    });
    const onClose = vi.fn();
    renderWithUi(
      withApi(s.clients, <DeclineDialog platform="tiktok" campaignId={8} track="Dance" onClose={onClose} />),
    );
    await chooseReason('Not the mood of the playlist');
    fireEvent.change(await screen.findByTestId('decline-feedback'), { target: { value: FIFTEEN } });
    fireEvent.click(screen.getByTestId('decline-submit'));
    await waitFor(() => expect(s.post).toHaveBeenCalled());
    expect(s.post.mock.calls[0]![0]).toBe('express-tiktok/influencer/decline/campaign');
    expect(await screen.findByText('Write at least 20 words')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks both answers before sending a rating, then sends them once', async () => {
    const s = server(async () => ({ data: { campaign_id: 9, helpful: false, stars: 2 } }));
    const decline = { reason_id: 3, reason: 'Not the mood of the playlist', feedback: FIFTEEN, rating: null };
    renderWithUi(withApi(s.clients, <FeedbackRating campaignId={9} decline={decline} canRate />));
    fireEvent.click(screen.getByTestId('feedback-rating-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Say whether it helped and give 1 to 5 stars',
    );
    fireEvent.click(screen.getByTestId('feedback-helpful-no'));
    // A star is chosen by its label (Mantine's Rating), as a pointer does.
    const two = screen.getByRole('radio', { name: '2' });
    fireEvent.click(document.querySelector(`label[for="${two.id}"]`)!);
    fireEvent.click(screen.getByTestId('feedback-rating-submit'));
    await waitFor(() => expect(s.post).toHaveBeenCalled());
    expect(s.post.mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ['express/campaigns/9/feedback-rating', { helpful: false, stars: 2 }],
    ]);
  });

  it('shows a given rating read-only, to the artist and to the seller', () => {
    const s = server(async () => ({}));
    const decline = {
      reason_id: 3,
      reason: 'Not the mood of the playlist',
      feedback: FIFTEEN,
      rating: { helpful: true, stars: 4, created_at: '2026-11-29T10:00:00.000Z' },
    };
    renderWithUi(withApi(s.clients, <FeedbackRating campaignId={9} decline={decline} canRate={false} />));
    expect(screen.getByTestId('feedback-rated').textContent).toContain('The artist rated this feedback:');
    expect(screen.getByTestId('feedback-rated').textContent).toContain('helpful');
    expect(screen.queryByTestId('feedback-rating-submit')).toBeNull();
  });
});
