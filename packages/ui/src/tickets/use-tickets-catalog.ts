import type { Language } from '@lm/contracts/api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nCatalog } from '../i18n/i18n';

/** The i18next namespace of the ticket screens (both apps), loaded only when a ticket screen opens. */
export const TICKETS_NS = 'tickets';

/**
 * The ticket screens' texts, one file per language, fetched on demand: they stay out of both apps'
 * login routes (the 200 KB budget). Files are named `tickets-<lang>` so they are not counted as the
 * apps' English catalogs.
 */
const loaders: Record<Language, () => Promise<{ default: I18nCatalog }>> = {
  en: () => import('./locales/tickets-en.json'),
  fr: () => import('./locales/tickets-fr.json'),
  de: () => import('./locales/tickets-de.json'),
  ar: () => import('./locales/tickets-ar.json'),
  tr: () => import('./locales/tickets-tr.json'),
};

/**
 * Loads the ticket texts of the current language (again when it changes) into the `tickets`
 * namespace; true once they are there. Screens render a loader until then.
 */
export function useTicketsCatalog(): boolean {
  const { i18n } = useTranslation();
  const lang = (i18n.language in loaders ? i18n.language : 'en') as Language;
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    if (i18n.hasResourceBundle(lang, TICKETS_NS)) return;
    let live = true;
    void loaders[lang]().then((catalog) => {
      i18n.addResourceBundle(lang, TICKETS_NS, catalog.default, true, true);
      if (live) setLoaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, lang]);
  return loaded >= 0 && i18n.hasResourceBundle(lang, TICKETS_NS);
}

/**
 * `t` over the tickets namespace, then the screens' and messages' catalogs. `nsMode: 'fallback'`:
 * without it react-i18next looks a key up in the first namespace only (and i18next's fallbackNS,
 * which does not list `ui`), so `ui.confirm.cancel` showed as the raw key in the new-ticket dialog.
 */
export function useTicketsT() {
  return useTranslation([TICKETS_NS, 'ui', 'messages'], { nsMode: 'fallback' });
}
