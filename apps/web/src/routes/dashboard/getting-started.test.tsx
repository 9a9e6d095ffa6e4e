// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GettingStarted } from './GettingStarted';

afterEach(cleanup);
beforeAll(initTestI18n);

const artist = { email_verified: true, user_type_id: 1 as const, two_factor_enabled: false };

function renderFor(status: string) {
  renderWithUi(
    <MemoryRouter>
      <GettingStarted user={{ ...artist, status }} profileComplete={false} />
    </MemoryRouter>,
  );
  return screen.getByTestId('step-approval');
}

describe('getting started: the team approval step', () => {
  it('tells a pending artist what approval is, what the team checks and how long it takes, never an address', () => {
    const step = renderFor('pending_approval');
    expect(step.getAttribute('data-done')).toBe('false');
    const text = step.textContent ?? '';
    expect(text).toContain('Get your account approved by the team');
    expect(text).toContain('Before you can send playlist forms, the team approves your artist account');
    expect(text).toContain('artist name, genres and the link to your Spotify artist page');
    expect(text).toContain('usually within 2 working days');
    expect(text).toContain('You get an e-mail and a notification with the decision');
    expect(text).not.toMatch(/confirm your address/);
    expect(screen.getByTestId('account-review').querySelector('a')?.getAttribute('href')).toBe('/account');
  });

  it('ticks the step once the account is approved, with nothing more to read', () => {
    const step = renderFor('approved');
    expect(step.getAttribute('data-done')).toBe('true');
    expect(screen.queryByTestId('account-review')).toBeNull();
  });

  it('tells a declined artist why to look in the e-mail and where to ask', () => {
    renderFor('declined');
    expect(screen.getByTestId('account-review').textContent).toContain('The team declined your account');
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/tickets');
  });
});
