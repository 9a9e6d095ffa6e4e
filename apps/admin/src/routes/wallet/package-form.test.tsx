// @vitest-environment jsdom
import { ApiProvider, type CoinPackage } from '@lm/ui';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PackageForm } from './PackagesPage';

afterEach(cleanup);
beforeAll(initTestI18n);

function setup(pkg: CoinPackage | null) {
  const post = vi.fn(async (_path: string, body: unknown) => ({ data: { id: 9, ...(body as object) } }));
  const put = vi.fn(async (_path: string, body: unknown) => ({ data: { id: 9, ...(body as object) } }));
  const client = { post, put } as never;
  const onDone = vi.fn();
  renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider clients={{ api: client, upload: client }}>
        <PackageForm pkg={pkg} onDone={onDone} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  const field = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  /** Types `text` after what the field shows (the caret at its end), as a person clicking in it does. */
  const typeDigits = (name: string, text: string, replace = false) => {
    const input = field(name);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: replace ? text : `${input.value}${text}` } });
    fireEvent.blur(input);
    return input;
  };
  const clear = (name: string) => fireEvent.change(field(name), { target: { value: '' } });
  return {
    post,
    put,
    onDone,
    field,
    typeDigits,
    clear,
    save: () => fireEvent.click(screen.getByTestId('package-save')),
  };
}

const PKG: CoinPackage = {
  id: 4,
  name: 'Starter',
  coins: 100,
  bonus_coins: 0,
  price: 9000,
  currency: 'GBP',
  list_price: 10000,
  saving_percent: 10,
  min_followers: null,
  duration_days: null,
  is_active: true,
  position: 0,
} as CoinPackage;

describe('back-office coin package form: typed numbers are saved', () => {
  it('a typed price of 460 shows £460.00 and is sent as 46000 pence, without "Field is required"', async () => {
    const { post, field, typeDigits, save } = setup(null);
    fireEvent.change(field('name'), { target: { value: 'Big' } });
    typeDigits('coins', '500', true);
    const price = typeDigits('price', '460', true);
    expect(price.value).toBe('£460.00');
    save();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Field is required')).toBeNull();
    expect(post.mock.calls[0]?.[1]).toMatchObject({ name: 'Big', coins: 500, price: 46000, bonus_coins: 0 });
  });

  it('typing after the 0 of bonus coins and position saves the number typed', async () => {
    const { put, onDone, typeDigits, save } = setup(PKG);
    // The fields show "0": a person clicks at the end and types, which Mantine hands over as "050".
    expect(typeDigits('bonus_coins', '50').value).toBe('50');
    typeDigits('position', '3');
    save();
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]?.[1]).toMatchObject({ bonus_coins: 50, position: 3, price: 9000 });
    expect(onDone).toHaveBeenCalled();
  });

  it('an emptied price is refused with "Field is required" and nothing is sent', async () => {
    const { put, clear, save } = setup(PKG);
    clear('price');
    save();
    expect(await screen.findByText('Field is required')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });
});
