import { settingsUpdateSchema } from '@lm/contracts';
import { savedSettingsSchema, systemSettingsSchema } from '@lm/contracts/staff';
import { adminAccess, clientInfo, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope } from '../../platform/http';
import { t } from '../../platform/i18n';
import { getSettings, updateSettings } from './settings.service';

/** Permission of /system/settings (spec section 2). */
export const SETTINGS_PERMISSION = 'view.main.settings.tab.list';

/** System settings for staff: read all, change some (validated, audited per key). */
export const adminSettingsRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/settings',
    {
      config: { access: adminAccess(SETTINGS_PERMISSION) },
      schema: { tags: ['settings'], response: { 200: envelope(systemSettingsSchema) } },
    },
    async () => ({ data: await getSettings(deps.database) }),
  );

  app.put(
    '/api/admin/settings',
    {
      config: { access: adminAccess(SETTINGS_PERMISSION) },
      schema: {
        tags: ['settings'],
        body: settingsUpdateSchema,
        response: { 200: envelope(savedSettingsSchema) },
      },
    },
    async (req) => {
      const { settings, changed } = await updateSettings(
        deps.database,
        { type: 'admin', id: currentAdmin(req).id, ...clientInfo(req) },
        req.body,
      );
      // This instance sees the new maintenance flag at once; others within MAINTENANCE_CACHE_MS.
      if (changed.includes('maintenance_mode')) deps.maintenance.invalidate();
      return { data: { ...settings, changed }, message: t(req.lang, 'common.saved') };
    },
  );
};
