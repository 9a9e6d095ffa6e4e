import { describe, expect, it } from 'vitest';
import { type MenuItem, visibleMenu } from './menu';

const menu: MenuItem[] = [
  { key: 'dashboard', label: 'nav.dashboard', to: '/dashboard' },
  {
    key: 'campaigns',
    label: 'nav.campaigns',
    children: [
      { key: 'new', label: 'nav.new_campaign', to: '/select/platform', permission: 'ARTIST_PERMISSION' },
      {
        key: 'playlists',
        label: 'nav.my_playlists',
        to: '/express/my/playlists/list',
        permission: 'CURATOR_PERMISSION',
      },
    ],
  },
  {
    key: 'wallet',
    label: 'nav.wallet_balance',
    to: '/payouts/list',
    toByUserType: { 1: '/wallet/coins/packages' },
    permission: 'ARTIST_ALL_PERMISSION',
  },
  { key: 'settings-header', label: 'nav.settings', kind: 'header' },
  { key: 'roles', label: 'nav.roles', to: '/roles', permission: 'view.main.roles.tab.list' },
];

const built = (paths: string[]) => (path: string) => paths.includes(path);

describe('visibleMenu', () => {
  it('hides items whose screen is not built yet', () => {
    const items = visibleMenu(menu, { can: () => true, userType: 1, hasRoute: built(['/dashboard']) });
    expect(items.map((i) => i.key)).toEqual(['dashboard']);
  });

  it('filters by permission inside groups and drops empty groups', () => {
    const all = built(['/dashboard', '/select/platform', '/express/my/playlists/list']);
    const curator = visibleMenu(menu, { can: (p) => p === 'CURATOR_PERMISSION', userType: 2, hasRoute: all });
    expect(curator.find((i) => i.key === 'campaigns')?.children?.map((c) => c.key)).toEqual(['playlists']);
    const nobody = visibleMenu(menu, { can: () => false, userType: 3, hasRoute: all });
    expect(nobody.map((i) => i.key)).toEqual(['dashboard']);
  });

  it('chooses the link by user type', () => {
    const hasRoute = built(['/wallet/coins/packages', '/payouts/list']);
    const artist = visibleMenu(menu, { can: () => true, userType: 1, hasRoute });
    const curator = visibleMenu(menu, { can: () => true, userType: 2, hasRoute });
    expect(artist.find((i) => i.key === 'wallet')?.to).toBe('/wallet/coins/packages');
    expect(curator.find((i) => i.key === 'wallet')?.to).toBe('/payouts/list');
  });

  it('shows a header only above visible items', () => {
    expect(visibleMenu(menu, { can: () => true, hasRoute: built(['/roles']) }).map((i) => i.key)).toEqual([
      'settings-header',
      'roles',
    ]);
    expect(visibleMenu(menu, { can: () => false, hasRoute: built(['/roles']) })).toEqual([]);
  });
});
