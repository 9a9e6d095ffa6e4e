import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: { id: string; message: string }[] = [];
const hide = vi.fn();
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: ({ message }: { message: string }) => {
      const id = `toast-${shown.length + 1}`;
      shown.push({ id, message });
      return id;
    },
    hide,
  },
}));
const { pageShown, showErrorToast, showSuccessToast } = await import('./toasts');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  shown.length = 0;
  hide.mockClear();
});

describe('error toasts never outlive their page', () => {
  it('"These credentials do not match our records" closes when the user opens the forgot-password page', async () => {
    pageShown('/login');
    showErrorToast('These credentials do not match our records');
    await settle();
    pageShown('/forgot-password');
    await settle();
    expect(hide).toHaveBeenCalledWith(shown[0]!.id);
  });

  it('"The code is wrong or has expired" closes when the right code is accepted', async () => {
    pageShown('/verify-user');
    showErrorToast('The code is wrong or has expired');
    await settle();
    showSuccessToast('Your e-mail address is verified');
    await settle();
    expect(hide).toHaveBeenCalledWith(shown[0]!.id);
  });

  it('keeps an error on its own page and does not open one raised by a page already left', async () => {
    pageShown('/forms');
    showErrorToast('Field is required');
    await settle();
    pageShown('/forms');
    await settle();
    expect(hide).not.toHaveBeenCalled();
    showErrorToast('Late answer');
    pageShown('/dashboard');
    await settle();
    expect(shown.map((s) => s.message)).not.toContain('Late answer');
  });
});
