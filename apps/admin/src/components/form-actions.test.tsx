import { LoadingOrNotFound } from '@lm/ui';
// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FormActions } from './FormActions';

afterEach(cleanup);
beforeAll(async () => {
  await initTestI18n();
});

describe('the shared dialog footer and record placeholder', () => {
  it('FormActions: Cancel only cancels; the main button gets its label, test id, disabled state and click', () => {
    const onCancel = vi.fn();
    const onClick = vi.fn();
    renderWithUi(
      <>
        <FormActions onCancel={onCancel} onClick={onClick} data-testid="main">
          Save it
        </FormActions>
        <FormActions onCancel={onCancel} onClick={onClick} disabled data-testid="main-off">
          Off
        </FormActions>
      </>,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' })[0] as HTMLElement);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByTestId('main').textContent).toBe('Save it');
    fireEvent.click(screen.getByTestId('main'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect((screen.getByTestId('main-off') as HTMLButtonElement).disabled).toBe(true);
  });

  it('LoadingOrNotFound: no 404 while the record loads; the 404 page once it is known to be missing', () => {
    renderWithUi(
      <MemoryRouter>
        <LoadingOrNotFound loading h={240} homePath="/dashboard" />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('not-found')).toBeNull();
    cleanup();
    renderWithUi(
      <MemoryRouter>
        <LoadingOrNotFound loading={false} h={240} homePath="/dashboard" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('not-found').querySelector('a')?.getAttribute('href')).toBe('/dashboard');
  });
});
