// @vitest-environment jsdom
import type { ApiKey, CreatedApiKey } from '@lm/contracts/api-keys-api';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { ApiKeysPanel, type NewApiKey } from './ApiKeysPanel';

afterEach(cleanup);
beforeAll(initTestI18n);

const listed: ApiKey = {
  id: 7,
  name: 'Label dashboard',
  prefix: 'lm_test_AbCd1234',
  scopes: ['campaigns:read', 'wallet:read'],
  permissions: [],
  status: 'active',
  created_at: '2026-11-30T10:00:00.000Z',
  expires_at: '2027-02-28T10:00:00.000Z',
  last_used_at: null,
  last_used_ip: null,
  revoked_at: null,
};
const SECRET = `lm_test_EfGh5678_${'x'.repeat(43)}`;

describe('<ApiKeysPanel> (issue 34)', () => {
  it('refuses a key without a scope with the server’s message, sends the chosen scopes and lifetime, shows the secret once', async () => {
    const create = vi.fn(
      async (body: NewApiKey): Promise<CreatedApiKey> => ({
        ...listed,
        id: 8,
        name: body.name,
        secret: SECRET,
      }),
    );
    renderWithUi(
      <ApiKeysPanel keys={[listed]} loading={false} create={create} creating={false} revoke={vi.fn()} />,
    );
    expect(screen.queryByText(SECRET)).toBeNull();

    fireEvent.change(screen.getByTestId('api-key-name'), { target: { value: 'CI export' } });
    fireEvent.click(screen.getByTestId('api-key-create'));
    expect(await screen.findByText('Choose at least one scope')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('api-key-scope-results_read'));
    fireEvent.click(screen.getByText('1 year'));
    fireEvent.click(screen.getByTestId('api-key-create'));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    // A user's key never sends permissions, whatever the form holds.
    expect(create.mock.calls[0]![0]).toEqual({
      name: 'CI export',
      scopes: ['results:read'],
      expires_in_days: 365,
      permissions: [],
    });
    expect((await screen.findByTestId('api-key-secret-value')).textContent).toBe(SECRET);
    fireEvent.click(screen.getByTestId('api-key-done'));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });
});
