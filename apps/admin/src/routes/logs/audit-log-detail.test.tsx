// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditLog } from '../../hooks/use-staff';

let granted = new Set<string>();
vi.mock('@lm/ui', async (original) => ({
  ...(await original<typeof import('@lm/ui')>()),
  useSession: () => ({ ability: { can: (_action: string, p: string) => granted.has(p) } }),
}));
const { AuditLogDetail } = await import('./AuditLogsPage');

afterEach(cleanup);
beforeAll(initTestI18n);

const entry = (over: Partial<AuditLog>): AuditLog => ({
  id: 1,
  actor_type: 'admin',
  actor_id: 1,
  actor_name: 'Super Admin',
  actor_email: 'admin@demo.test',
  action: 'users.update',
  target_type: 'user',
  target_id: '12',
  ip: null,
  user_agent: null,
  meta: null,
  created_at: '2026-11-28T10:00:00.000Z',
  ...over,
});

const show = (log: AuditLog) =>
  renderWithUi(
    <MemoryRouter>
      <AuditLogDetail log={log} />
    </MemoryRouter>,
  );

describe('audit entry details', () => {
  it('shows each changed field with its value before and after', () => {
    granted = new Set();
    show(
      entry({
        meta: {
          fields: ['first_name', 'genre_ids'],
          changes: {
            first_name: { from: 'Ana', to: 'Nora' },
            genre_ids: { from: [], to: [3, 5] },
          },
        },
      }),
    );
    const table = screen.getByTestId('log-changes');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'staff.logs.fieldstaff.logs.beforestaff.logs.after',
      'first_nameAnaNora',
      'genre_ids—3, 5',
    ]);
  });

  it('links the target to its page when the admin may open it, plain text otherwise', () => {
    granted = new Set(['view.main.users.tab.list']);
    show(entry({}));
    expect(screen.getByRole('link').getAttribute('href')).toBe('/users/12');
    cleanup();
    granted = new Set();
    show(entry({}));
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    granted = new Set(['view.main.settings.tab.list']);
    show(entry({ action: 'settings.update', target_type: 'setting', target_id: 'platform_fee_percent' }));
    expect(screen.getByRole('link').getAttribute('href')).toBe('/system/settings');
  });
});
