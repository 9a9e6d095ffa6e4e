import { ADMIN_PERMISSIONS, PERMISSION_GROUPS, USER_PERMISSIONS } from '@lm/contracts';
import { describe, expect, it } from 'vitest';
import { groupPermissions } from './permission-groups';

describe('role editor groups', () => {
  it('puts every admin permission of spec section 6 under exactly one screen', () => {
    const sections = groupPermissions(ADMIN_PERMISSIONS);
    expect(sections.flatMap((s) => s.names).sort()).toEqual([...ADMIN_PERMISSIONS].sort());
    expect(sections.map((s) => s.group)).not.toContain('other');
    expect(sections.find((s) => s.group === 'tickets')?.names).toEqual([
      'view.main.tickets.tab.list',
      'tickets.show',
      'tickets.add',
      'tickets.edit',
      'tickets.status.edit',
      'tickets.delete',
      'view.main.departments.tab.list',
      'tickets.saved.replies.edit',
    ]);
  });

  it('lists a permission in one group only', () => {
    const all = PERMISSION_GROUPS.flatMap((g) => g.permissions);
    expect(all.length).toBe(new Set(all).size);
    expect(all.sort()).toEqual([...ADMIN_PERMISSIONS, ...USER_PERMISSIONS].sort());
  });

  it('shows only the permissions of the role kind, unknown ones last', () => {
    expect(groupPermissions([...USER_PERMISSIONS])).toEqual([
      { group: 'user_app', names: [...USER_PERMISSIONS] },
    ]);
    expect(groupPermissions(['queue.retry.all', 'view.main.logs.tab.list'])).toEqual([
      { group: 'logs', names: ['view.main.logs.tab.list'] },
      { group: 'other', names: ['queue.retry.all'] },
    ]);
  });
});
