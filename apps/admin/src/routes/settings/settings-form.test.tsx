// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { ModalsProvider } from '@mantine/modals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SystemSettings } from '../../hooks/use-staff';
import { SettingsForm } from './SettingsPage';

afterEach(cleanup);
beforeAll(initTestI18n);

const SETTINGS: SystemSettings = {
  maintenance_mode: false,
  maintenance_message: '',
  platform_fee_percent: 20,
  coin_price_pence: 100,
  payout_rate_pence: 80,
  min_withdrawal_coins: 25,
  payout_second_approval_coins: 0,
  playlist_submission_days: 3,
  min_feedback_words: 15,
  on_going_days: 28,
  auditing_days: 3,
  answer_days: 7,
  min_listen_seconds: 30,
  mail_from_name: 'Liberty Music',
  ticket_response_hours_high: 4,
  ticket_response_hours_medium: 8,
  ticket_response_hours_low: 24,
  ticket_resolution_hours_high: 24,
  ticket_resolution_hours_medium: 72,
  ticket_resolution_hours_low: 120,
};

function setup() {
  const onSave = vi.fn(async () => undefined);
  renderWithUi(
    <ModalsProvider>
      <SettingsForm settings={SETTINGS} saving={false} onSave={onSave} />
    </ModalsProvider>,
  );
  const type = (name: keyof SystemSettings, value: string) => {
    const input = screen.getByTestId(`setting-${name}`) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
    return input;
  };
  return { onSave, type, save: () => fireEvent.click(screen.getByTestId('settings-save')) };
}

// Typing into a dozen Mantine inputs takes seconds on a busy machine: more than the 5 s default.
describe('/system/settings form (never clamp silently)', { timeout: 30_000 }, () => {
  it('refuses a platform fee of -5 with "0 is min value" and saves nothing', async () => {
    const { onSave, type, save } = setup();
    // Before: the input clamped -5 to 0 on blur and the page said "Saved".
    expect(type('platform_fee_percent', '-5').value).toBe('-5 %');
    save();
    expect(await screen.findByText('0 is min value')).toBeTruthy();
    type('platform_fee_percent', '101');
    expect(await screen.findByText('90 is max value')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a minimum withdrawal of 0 and a fractional coin price; sends only what changed', async () => {
    const { onSave, type, save } = setup();
    type('min_withdrawal_coins', '0');
    type('coin_price_pence', '99.5');
    save();
    expect(await screen.findByText('1 is min value')).toBeTruthy();
    expect(await screen.findByText('Please enter a whole number')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    type('min_withdrawal_coins', '40');
    type('coin_price_pence', '100');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ min_withdrawal_coins: 40 }));
  });
});

describe('/system/settings maintenance', { timeout: 30_000 }, () => {
  it('asks before turning maintenance on, and sends the message staff wrote', async () => {
    const { onSave, type, save } = setup();
    fireEvent.click(screen.getByTestId('setting-maintenance_mode'));
    type('maintenance_message', 'Back at 14:00 UTC.');
    save();
    // Cancelled: nothing is sent.
    fireEvent.click(await screen.findByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-yes')).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
    save();
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        maintenance_mode: true,
        maintenance_message: 'Back at 14:00 UTC.',
      }),
    );
  });

  it('turning it off or changing other settings asks nothing', async () => {
    const { onSave, type, save } = setup();
    type('auditing_days', '4');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ auditing_days: 4 }));
    expect(screen.queryByTestId('confirm-yes')).toBeNull();
  });
});
