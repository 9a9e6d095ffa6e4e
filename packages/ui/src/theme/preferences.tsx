import type { Language } from '@lm/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { isLanguage } from '../i18n/languages';
import { readPreference, STORAGE_KEYS, writePreference } from '../session/storage-keys';
import { DEFAULT_SKIN, isSkin, type Skin } from './skins';

interface Preferences {
  language: Language;
  setLanguage(language: Language): Promise<void>;
  skin: Skin;
  setSkin(skin: Skin): void;
}

const PreferencesContext = createContext<Preferences | null>(null);

/** The skin stored under APP_SKIN, else dark (spec section 9). */
export function storedSkin(): Skin {
  const stored = readPreference(STORAGE_KEYS.skin);
  return isSkin(stored) ? stored : DEFAULT_SKIN;
}

/** Language (APP_LANG) and skin (APP_SKIN) of the app; the skin is mirrored as `data-skin` on <html>. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [skin, setSkinState] = useState<Skin>(storedSkin);

  useEffect(() => {
    document.documentElement.dataset.skin = skin;
  }, [skin]);

  const setSkin = useCallback((next: Skin) => {
    writePreference(STORAGE_KEYS.skin, next);
    setSkinState(next);
  }, []);

  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const value = useMemo(
    () => ({ language, setLanguage: changeLanguage, skin, setSkin }),
    [language, skin, setSkin],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

/** Current language and skin with their setters. */
export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences() needs a <PreferencesProvider>');
  return value;
}
