// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../hooks/use-staff';
import backOfficeEn from '../../i18n/locales/en.json';
import { RoleActions, roleDeleteBlock } from './RolesPage';

afterEach(cleanup);
// The back-office's words, whatever file ran before in the same worker.
beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'ui', backOfficeEn, true, false);
});

const role = (over: Partial<Role>): Role => ({
  id: 1,
  name: 'Finance',
  guard: 'admin',
  default_for_user_type: null,
  permissions: [],
  admins_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('role delete', () => {
  it('disables Delete of Super Admin, of a default role and of a role still held, saying why', () => {
    expect(roleDeleteBlock(role({ name: 'Super Admin', admins_count: 0 }))).toEqual({
      key: 'roles.super_admin_protected',
    });
    expect(roleDeleteBlock(role({ guard: 'user', default_for_user_type: 1, users_count: 0 }))).toEqual({
      key: 'roles.default_role_protected',
    });
    expect(roleDeleteBlock(role({ admins_count: 2 }))).toEqual({ key: 'roles.in_use', params: { count: 2 } });
    expect(roleDeleteBlock(role({}))).toBeNull();
    const onDelete = vi.fn();
    renderWithUi(
      <RoleActions role={role({ name: 'Super Admin' })} onEdit={() => undefined} onDelete={onDelete} />,
    );
    const button = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    button.click();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('leaves Delete enabled for a role nobody holds', () => {
    renderWithUi(<RoleActions role={role({})} onEdit={() => undefined} onDelete={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
