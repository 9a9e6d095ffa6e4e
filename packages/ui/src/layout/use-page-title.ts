import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductName } from './use-product-name';

/** Sets the document title to "<page> · <product name from the settings>" in the current language. */
export function usePageTitle(key: string): void {
  const { t } = useTranslation();
  const title = t(key);
  const brand = useProductName();
  useEffect(() => {
    document.title = `${title} · ${brand}`;
  }, [title, brand]);
}
