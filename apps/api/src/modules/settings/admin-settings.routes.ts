import { settingsUpdateSchema } from '@lm/contracts';
import { z } from 'zod';
import { adminAccess, clientInfo, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope } from '../../platform/http';
import { t } from '../../platform/i18n';
import { getSettings, updateSettings } from './settings.service';

/** Permission of /system/settings (spec section 2). */
export const SETTINGS_PERMISSION = 'view.main.settings.tab.list';

const settingsSchema = z.object({
  maintenance_mode: z.boolean(),
  maintenance_message: z.string(),
  platform_fee_percent: z.number(),
  coin_price_pence: z.number(),
  payout_rate_pence: z.number(),
  min_withdrawal_coins: z.number(),
  playlist_submission_days: z.number(),
  on_going_days: z.number(),
  auditing_days: z.number(),
  mail_from_name: z.string(),
  // Support tickets' promised hours per priority.
  ticket_response_hours_high: z.number(),
  ticket_response_hours_medium: z.number(),
  ticket_response_hours_low: z.number(),
  ticket_resolution_hours_high: z.number(),
  ticket_resolution_hours_medium: z.number(),
  ticket_resolution_hours_low: z.number(),
});

/** System settings for staff: read all, change some (validated, audited per key). */
export const adminSettingsRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/settings',
    {
      config: { access: adminAccess(SETTINGS_PERMISSION) },
      schema: { tags: ['settings'], response: { 200: envelope(settingsSchema) } },
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
        response: { 200: envelope(settingsSchema.extend({ changed: z.array(z.string()) })) },
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
