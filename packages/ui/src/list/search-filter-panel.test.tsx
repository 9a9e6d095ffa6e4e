// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { SearchFilterPanel } from './SearchFilterPanel';

afterEach(cleanup);
beforeAll(initTestI18n);

describe('<SearchFilterPanel>', () => {
  it('is collapsed without filters and sends only the non-empty values', () => {
    const onSearch = vi.fn();
    renderWithUi(
      <SearchFilterPanel
        searchable
        fields={[
          { type: 'text', name: 'name', label: 'mailbox.to' },
          { type: 'text', name: 'subject', label: 'mailbox.subject' },
        ]}
        filter={{}}
        onSearch={onSearch}
        onReset={() => undefined}
      />,
    );
    // The whole title bar is the toggle: its name is the title and what it does.
    const toggle = screen.getByRole('button', { name: 'Search Filter Show the filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByText('Search Filter'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '  ava@demo.test ' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search', hidden: true }));
    expect(onSearch).toHaveBeenCalledWith({ q: undefined, filter: { name: 'ava@demo.test' } });
  });

  it('opens when filters are active and resets them', () => {
    const onReset = vi.fn();
    renderWithUi(
      <SearchFilterPanel
        fields={[{ type: 'text', name: 'name', label: 'mailbox.to' }]}
        filter={{ name: 'x' }}
        onSearch={() => undefined}
        onReset={onReset}
      />,
    );
    expect(screen.getByRole('button', { name: /Hide the filters/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('x');
    fireEvent.click(screen.getByRole('button', { name: 'Reset', hidden: true }));
    expect(onReset).toHaveBeenCalled();
  });
});
