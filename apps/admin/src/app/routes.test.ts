import { WEB_VITAL_ROUTE_MAX, WEB_VITAL_ROUTE_PATTERN } from '@lm/contracts/web-vitals-terms';
import { describe, expect, it } from 'vitest';
import { adminMenu } from './menu';
import { adminRoutes, blankRoutes, hasAdminRoute } from './routes';

describe('back-office routes', () => {
  it('offer the dev mailbox only while the outbox driver is active', () => {
    expect(hasAdminRoute('/dev/mailbox', false)).toBe(false);
    expect(hasAdminRoute('/dev/mailbox', true)).toBe(true);
  });

  it('guard the staff screens with the permissions of spec section 2 and 6', () => {
    const permissionOf = (path: string) => adminRoutes.find((r) => r.path === path)?.access?.permission;
    expect(permissionOf('/admin/list')).toBe('view.main.admins.tab.list');
    expect(permissionOf('/roles/list')).toBe('view.main.roles.tab.list');
    expect(permissionOf('/roles')).toBe('view.main.roles.tab.list');
    expect(permissionOf('/logs')).toBe('view.main.logs.tab.list');
    expect(permissionOf('/notifications')).toBe('view.main.notifications.tab.list');
    expect(permissionOf('/system/settings')).toBe('view.main.settings.tab.list');
    expect(permissionOf('/horizon')).toBe('view.main.queue.horizon.tab.list');
    expect(permissionOf('/dev/mailbox')).toBe('dev.mailbox.show');
    for (const path of ['/genres/list', '/interests/list', '/userTypes/list', '/tiers/list', '/sliders/list'])
      expect(permissionOf(path)).toBe('view.main.genres.tab.list');
  });

  it('guard the staff-for-user screens with the spec section 6 permissions', () => {
    const permissionOf = (path: string) => adminRoutes.find((r) => r.path === path)?.access?.permission;
    expect(permissionOf('/express/playlist/create')).toBe('express.playlist.show');
    expect(permissionOf('/express/checkout')).toBe('express.campaigns.show');
    expect(permissionOf('/forms/new')).toBe('INFLUENCER_ADD_FORM');
  });

  it('every menu item with a screen asks the permission its screen needs', () => {
    const leaves = adminMenu.flatMap((item) => item.children ?? [item]).filter((i) => i.to);
    for (const item of leaves) {
      const route = adminRoutes.find((r) => r.path === item.to);
      if (!route || route.access?.permission === 'general') continue;
      expect(item.permission, item.to).toBe(route.access?.permission);
    }
  });

  it('guard the scraping screens: lists with the scraping permission, details with scraping.show, the dashboard as spec section 2 says', () => {
    const permissionOf = (path: string) => adminRoutes.find((r) => r.path === path)?.access?.permission;
    expect(permissionOf('/scraping-jobs/lists')).toBe('view.main.scraping.tab.list');
    expect(permissionOf('/auto-scraping-jobs/lists')).toBe('view.main.scraping.tab.list');
    expect(permissionOf('/scraping/logs')).toBe('view.main.scraping.tab.list');
    expect(permissionOf('/playlist/scraping/:scrapingId')).toBe('scraping.show');
    expect(permissionOf('/auto-scraping-jobs/view/:autoScrapeId')).toBe('scraping.show');
    expect(permissionOf('/scraping_dashboard')).toBe('view.main.genres.tab.list');
    expect(permissionOf('/logs')).toBe('view.main.logs.tab.list');
    const scraping = adminMenu.find((item) => item.key === 'scraping');
    expect(scraping?.children?.map((c) => c.to)).toEqual([
      '/scraping-jobs/lists',
      '/auto-scraping-jobs/lists',
      '/scraping_dashboard',
      '/scraping/logs',
    ]);
  });
});

describe('back-office route patterns', () => {
  it('are all ones the Core Web Vitals beacon accepts (no digit, dot or query: issue 37)', () => {
    const refused = [...adminRoutes, ...blankRoutes]
      .map((r) => r.path)
      .filter((path) => !WEB_VITAL_ROUTE_PATTERN.test(path) || path.length > WEB_VITAL_ROUTE_MAX);
    expect(refused).toEqual([]);
  });
});
