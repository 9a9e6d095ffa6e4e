import type { ExtraNamespace } from '@lm/ui';

/**
 * The back-office's own catalog (issue 20: labels of audit actions and targets, permissions and their
 * screens, default role names): only staff read them, so the user app does not download them.
 */
export const backOfficeNamespace: ExtraNamespace = {
  name: 'backoffice',
  loaders: {
    en: () => import('./locales/en.json'),
    fr: () => import('./locales/fr.json'),
    de: () => import('./locales/de.json'),
    ar: () => import('./locales/ar.json'),
    tr: () => import('./locales/tr.json'),
  },
};
