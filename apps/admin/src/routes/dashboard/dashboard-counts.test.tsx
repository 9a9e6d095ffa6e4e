// @vitest-environment jsdom

import { STAFF_TODO_PERMISSIONS } from '@lm/contracts/permissions';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffTodo } from '../../hooks/use-staff';

let todos: StaffTodo[] | undefined = [];
/** The permissions of the signed-in admin. */
let held = new Set<string>();
vi.mock('../../hooks/use-staff', () => ({
  useTodos: () => ({ isLoading: todos === undefined, data: todos }),
}));
vi.mock('@lm/ui', async (original) => ({
  ...(await original<object>()),
  useSession: () => ({ ability: { can: (_action: string, subject: string) => held.has(subject) } }),
}));
const { TodosCard } = await import('./TodosCard');
const { PermissionsCard } = await import('./DashboardPage');

afterEach(cleanup);
beforeAll(initTestI18n);

describe('staff dashboard', () => {
  it('keeps one placeholder line per to-do the admin may see while they load (nothing below moves)', () => {
    todos = undefined;
    held = new Set([STAFF_TODO_PERMISSIONS.pending_users, 'view.main.tickets.tab.list']);
    renderWithUi(
      <MemoryRouter>
        <TodosCard />
      </MemoryRouter>,
    );
    // Users waiting, tickets open and tickets past due: the tickets' permission opens two lines.
    expect(screen.getByTestId('staff-todos').querySelectorAll('.mantine-Skeleton-root')).toHaveLength(3);
    cleanup();
    held = new Set();
    renderWithUi(
      <MemoryRouter>
        <TodosCard />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('staff-todos')).toBeNull();
  });

  it('does not say "nothing waits" while a trust flag or a custom campaign waits', () => {
    todos = [
      { kind: 'pending_users', count: 0, link: '/users/list' },
      { kind: 'trust_flags', count: 1, link: '/trust/flags?filter[status]=pending' },
      { kind: 'pending_custom_campaigns', count: 2, link: '/custom/campaigns/list?filter[status]=2' },
    ];
    renderWithUi(
      <MemoryRouter>
        <TodosCard />
      </MemoryRouter>,
    );
    expect(screen.queryByText('admin.todos.all_clear')).toBeNull();
    expect(screen.getByTestId('todo-count-trust_flags').textContent).toBe('1');
    expect(screen.getByTestId('todo-count-pending_custom_campaigns').textContent).toBe('2');
    expect(screen.getByTestId('todo-trust_flags').getAttribute('href')).toBe(
      '/trust/flags?filter[status]=pending',
    );
  });

  it('counts permissions as the roles list does: without the rule every account has', () => {
    renderWithUi(
      <PermissionsCard
        abilities={[
          { subject: 'general' },
          { subject: 'view.main.users.tab.list' },
          { subject: 'users.edit' },
          { subject: 'users.edit' },
        ]}
      />,
    );
    expect(screen.getByTestId('permission-count').textContent).toBe('2');
  });
});
