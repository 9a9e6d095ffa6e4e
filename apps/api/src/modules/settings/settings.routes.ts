import { z } from 'zod';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope } from '../../platform/http';
import { getSettings, PUBLIC_SETTING_KEYS } from './settings.service';

/** `setting/all` (public settings) and `maintenance-mode-check` (spec section 7 "Settings/roles"). */
export const settingsRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/setting/all',
    {
      config: { access: PUBLIC },
      schema: { tags: ['settings'], response: { 200: envelope(z.record(z.string(), z.unknown())) } },
    },
    async () => {
      const all = await getSettings(deps.database);
      return {
        data: {
          ...Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, all[k]])),
          // The product's one name (setting `mail_from_name`): both apps' header and
          // page titles, and the mails' texts and sender.
          product_name: all.mail_from_name,
          // Whether the apps offer "Continue with Google" (off in production without Google keys).
          google_sign_in: deps.providers.google.name !== 'off',
          // Whether influencers can connect TikTok and Instagram accounts (off in production without keys).
          tiktok_connect: deps.providers.tiktok.name !== 'off',
          instagram_connect: deps.providers.instagram.name !== 'off',
          // Whether the code screens offer "Development mail" (GET /api/dev/mail): never in production.
          dev_mail: deps.config.devMail,
        },
      };
    },
  );
  app.get(
    '/api/maintenance-mode-check',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['settings'],
        response: {
          200: envelope(
            // `message`: the staff's words while maintenance is on, null otherwise or when none was written.
            z.object({ check: z.boolean(), message: z.string().nullable() }),
          ),
        },
      },
    },
    async () => {
      const check = await deps.maintenance.get();
      const message = check ? (await getSettings(deps.database)).maintenance_message.trim() : '';
      return { data: { check, message: message || null } };
    },
  );
};
