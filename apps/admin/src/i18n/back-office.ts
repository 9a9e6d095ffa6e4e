// The type of a catalog half (`?part=boot`, `?part=screens`) is declared once, beside the shared catalogs.
/// <reference path="../../../../packages/ui/src/i18n/catalog-parts.d.ts" />
import type { ExtraNamespace } from '@lm/ui';

/**
 * The back-office's own catalog (labels of audit actions and targets, permissions and their
 * screens, default role names): only staff read them, so the user app does not download them. The
 * sign-in screen reads its boot half only (`admin`); the rest comes with the first signed-in screen.
 */
export const backOfficeNamespace: ExtraNamespace = {
  name: 'backoffice',
  loaders: {
    en: {
      boot: () => import('./locales/en.json?part=boot'),
      screens: () => import('./locales/en.json?part=screens'),
    },
    fr: {
      boot: () => import('./locales/fr.json?part=boot'),
      screens: () => import('./locales/fr.json?part=screens'),
    },
    de: {
      boot: () => import('./locales/de.json?part=boot'),
      screens: () => import('./locales/de.json?part=screens'),
    },
    ar: {
      boot: () => import('./locales/ar.json?part=boot'),
      screens: () => import('./locales/ar.json?part=screens'),
    },
    tr: {
      boot: () => import('./locales/tr.json?part=boot'),
      screens: () => import('./locales/tr.json?part=screens'),
    },
  },
};
