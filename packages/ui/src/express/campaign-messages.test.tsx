// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { CampaignMessages, type CampaignMessagesThread, UnreadMessagesBadge } from './CampaignMessages';

afterEach(cleanup);
beforeAll(initTestI18n);

const thread = (over: Partial<CampaignMessagesThread> = {}): CampaignMessagesThread => ({
  side: 'artist',
  has_more: false,
  unread: 1,
  last_read_id: 1,
  can_write: true,
  messages: [
    {
      id: 1,
      side: 'artist',
      sender: { id: 7, name: 'Ava' },
      body: 'Hello, did you like it?',
      created_at: '2026-11-29T10:00:00Z',
    },
    {
      id: 2,
      side: 'seller',
      sender: { id: 9, name: 'Curator Carl' },
      body: 'Yes! Write me at [contact removed] <b>now</b>',
      created_at: '2026-11-29T10:05:00Z',
    },
  ],
  ...over,
});

describe('<CampaignMessages> (the conversation of a campaign)', () => {
  it('shows the thread as a named log: authors, the reader’s own as “You”, the masked contact as the marker, markup as text', () => {
    renderWithUi(<CampaignMessages thread={thread()} onSend={vi.fn()} onRead={vi.fn()} />);
    const log = screen.getByRole('log', { name: 'Messages' });
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('You');
    expect(items[0]!.textContent).toContain('Hello, did you like it?');
    expect(items[1]!.textContent).toContain('Curator Carl');
    expect(within(items[1]!).getByTestId('contact-removed').textContent).toBe('[contact details removed]');
    // Typed markup stays text: no element is made of it.
    expect(items[1]!.textContent).toContain('<b>now</b>');
    expect(items[1]!.querySelector('b')).toBeNull();
    expect(screen.getByText('1 unread message')).toBeTruthy();
  });

  it('marks the newest message read once shown, and sends what the labelled composer holds', async () => {
    const onRead = vi.fn();
    const onSend = vi.fn().mockResolvedValue(undefined);
    renderWithUi(<CampaignMessages thread={thread()} onSend={onSend} onRead={onRead} />);
    expect(onRead).toHaveBeenCalledWith(2);
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  Thanks a lot  ' } });
    expect(screen.getByText('16 / 2,000')).toBeTruthy();
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('Thanks a lot');
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('is read-only for staff (no side) and for a closed conversation, and offers older messages', () => {
    const onLoadOlder = vi.fn();
    const { unmount } = renderWithUi(
      <CampaignMessages
        thread={thread({ side: null, unread: 0, has_more: true })}
        onLoadOlder={onLoadOlder}
      />,
    );
    expect(screen.queryByLabelText('Your message')).toBeNull();
    expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('Ava');
    fireEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(onLoadOlder).toHaveBeenCalled();
    unmount();
    renderWithUi(<CampaignMessages thread={thread({ can_write: false })} onSend={vi.fn()} />);
    expect(screen.queryByLabelText('Your message')).toBeNull();
    expect(screen.getByText('This conversation is closed: the campaign ended a while ago.')).toBeTruthy();
  });

  it('badges a list row with its unread messages, and nothing without', () => {
    renderWithUi(<UnreadMessagesBadge count={0} />);
    expect(screen.queryByText(/unread/)).toBeNull();
    renderWithUi(<UnreadMessagesBadge count={3} />);
    expect(screen.getByText('3 unread messages')).toBeTruthy();
  });
});
