// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CustomAmountForm } from './CustomAmountForm';

afterEach(cleanup);
beforeAll(initTestI18n);

function setup() {
  const onSubmit = vi.fn(async () => undefined);
  renderWithUi(<CustomAmountForm pencePerCoin={100} busy={false} pending={false} onSubmit={onSubmit} />);
  const input = screen.getByTestId('custom-coins') as HTMLInputElement;
  const type = (value: string) => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  };
  return { onSubmit, input, type, buy: () => fireEvent.click(screen.getByTestId('custom-buy')) };
}

describe('custom amount of coins (never clamp silently)', () => {
  it('keeps -50 as typed, refuses it with the API message and sends nothing', async () => {
    const { onSubmit, input, type, buy } = setup();
    type('-50');
    // Mantine clamps to min on blur by default: the field would have turned into 10 and bought £10.
    expect(input.value).toBe('-50');
    buy();
    expect(await screen.findByText('Buy at least 10 coins')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses 2.5 coins and more than 100,000 instead of rounding or capping them', async () => {
    const { onSubmit, input, type, buy } = setup();
    type('2.5');
    expect(input.value).toBe('2.5');
    buy();
    expect(await screen.findByText('Please enter a whole number')).toBeTruthy();
    type('100001');
    expect(await screen.findByText('You can buy at most 100000 coins at once')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the total at the coin price and sends a valid amount', async () => {
    const { onSubmit, type, buy } = setup();
    type('50');
    expect(await screen.findByText('Buy for £50.00')).toBeTruthy();
    buy();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ coins: 50, method: 'card' }));
  });
});
