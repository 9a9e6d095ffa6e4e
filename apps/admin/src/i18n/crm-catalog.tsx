import type { Language } from '@lm/contracts';
import { Loader } from '@mantine/core';
import i18next from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The CRM screens' texts, kept out of the back-office catalog that every page (the login
 * route included) downloads: loaded per language when a CRM screen opens, into the same `backoffice`
 * namespace, so keys stay `crm.*`.
 */
const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./crm/crm-en.json'),
  fr: () => import('./crm/crm-fr.json'),
  de: () => import('./crm/crm-de.json'),
  ar: () => import('./crm/crm-ar.json'),
  tr: () => import('./crm/crm-tr.json'),
};

const loaded = new Set<string>();

/** Load the CRM texts of `language` once (no-op for an unknown language). */
export async function loadCrmCatalog(language: string): Promise<void> {
  const load = loaders[language as Language];
  if (!load || loaded.has(language)) return;
  const catalog = await load();
  i18next.addResourceBundle(language, 'backoffice', catalog.default, true, true);
  loaded.add(language);
}

/** Renders its children once the CRM texts of the current language are there (again after a language change). */
export function CrmCatalog({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [ready, setReady] = useState(() => loaded.has(language));
  useEffect(() => {
    let live = true;
    if (loaded.has(language)) setReady(true);
    else {
      setReady(false);
      void loadCrmCatalog(language).then(() => live && setReady(true));
    }
    return () => {
      live = false;
    };
  }, [language]);
  return ready ? children : <Loader />;
}

/** `Screen` rendered inside `CrmCatalog`: a CRM screen with its texts loaded. */
export function withCrmCatalog(Screen: () => ReactNode): () => ReactNode {
  return function CrmScreen() {
    return (
      <CrmCatalog>
        <Screen />
      </CrmCatalog>
    );
  };
}
