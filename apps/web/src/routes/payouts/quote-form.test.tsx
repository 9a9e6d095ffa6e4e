// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QuoteForm } from './QuoteForm';

afterEach(cleanup);
beforeAll(initTestI18n);

function setup(balance = 280) {
  const onQuote = vi.fn(async () => undefined);
  renderWithUi(
    <QuoteForm
      balance={balance}
      minimum={25}
      payoutRatePence={80}
      recipients={[{ value: '7', label: 'Carl Curator · GBP •••• 5678' }]}
      pending={false}
      onQuote={onQuote}
    />,
  );
  const input = screen.getByTestId('quote-coins') as HTMLInputElement;
  const type = (value: string) => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  };
  return { onQuote, input, type, quote: () => fireEvent.click(screen.getByTestId('get-quote')) };
}

describe('withdrawal amount (never clamp silently)', () => {
  it('keeps -5 as typed and refuses it with the minimum withdrawal; no quote is asked', async () => {
    const { onQuote, input, type, quote } = setup();
    type('-5');
    // Before: the input clamped -5 to its min of 1 on blur, and a 1-coin quote was mostly fee.
    expect(input.value).toBe('-5');
    quote();
    expect(await screen.findByText('The minimum withdrawal is 25 coins')).toBeTruthy();
    type('24');
    expect(await screen.findByText('The minimum withdrawal is 25 coins')).toBeTruthy();
    type('281');
    expect(await screen.findByText('You can withdraw at most 280 coins')).toBeTruthy();
    type('30.5');
    expect(await screen.findByText('Please enter a whole number')).toBeTruthy();
    expect(onQuote).not.toHaveBeenCalled();
  });

  it('shows the minimum, starts at the whole balance and asks for a valid quote', async () => {
    const { onQuote, input, quote } = setup();
    expect(screen.getByText('1 coin = £0.80 · minimum 25 coins')).toBeTruthy();
    expect(input.value).toBe('280');
    quote();
    await waitFor(() => expect(onQuote).toHaveBeenCalledWith({ recipient_id: 7, coins: 280 }));
  });

  it("says 'No available balance' when the wallet is empty", async () => {
    const { onQuote, quote } = setup(0);
    quote();
    expect(await screen.findByText('No available balance')).toBeTruthy();
    expect(onQuote).not.toHaveBeenCalled();
  });
});
