import { ADMIN_PERMISSIONS } from '@lm/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { buildMatrix, placePermission, rowNames } from './permission-matrix';

describe('permission matrix', () => {
  it('places screens, CRUD actions and the rest', () => {
    expect(placePermission('view.main.queue.horizon.tab.list')).toEqual({
      area: 'queue.horizon',
      action: 'view',
    });
    expect(placePermission('tickets.delete')).toEqual({ area: 'tickets', action: 'delete' });
    expect(placePermission('tickets.status.edit')).toEqual({ area: 'tickets.status', action: 'edit' });
    expect(placePermission('custom.campaigns.add')).toEqual({ area: 'custom.campaigns', action: 'add' });
    expect(placePermission('EDIT_FORM')).toEqual({ area: 'form', action: 'edit' });
    expect(placePermission('users.show.invite')).toEqual({ area: 'users.show.invite', action: 'other' });
    expect(placePermission('main.wallet.show.all.transactions')).toEqual({
      area: 'main.wallet.show.all.transactions',
      action: 'other',
    });
  });

  it('holds every admin permission of spec section 6 exactly once', () => {
    const rows = buildMatrix(ADMIN_PERMISSIONS);
    const placed = rows.flatMap(rowNames);
    expect(placed.sort()).toEqual([...ADMIN_PERMISSIONS].sort());
    const tickets = rows.find((r) => r.area === 'tickets');
    expect(tickets?.cells).toEqual({
      view: 'view.main.tickets.tab.list',
      show: 'tickets.show',
      add: 'tickets.add',
      edit: 'tickets.edit',
      delete: 'tickets.delete',
    });
  });
});
