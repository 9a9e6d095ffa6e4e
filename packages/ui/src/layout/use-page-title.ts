import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to "<page> · Liberty Coins" in the current language. */
export function usePageTitle(key: string): void {
  const { t } = useTranslation();
  const title = t(key);
  const brand = t('ui.brand.name');
  useEffect(() => {
    document.title = `${title} · ${brand}`;
  }, [title, brand]);
}
