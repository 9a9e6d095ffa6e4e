import { registerFormatters } from '@lm/contracts/format';
import { messageCatalogs } from '@lm/contracts/i18n/index';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/locales/en.json';
import { DEFAULT_SKIN, themeFor } from '../theme/skins';

/** What `matchMedia(query)` answers in a test: `matches` as given, listeners never called. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  };
}

/** jsdom lacks matchMedia, document.fonts and ResizeObserver, which Mantine reads. */
function polyfill() {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) => mediaQueryList(query, false);
  }
  // The autosizing text areas listen to font loading.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

/** English i18next with the UI and shared catalogs, for DOM tests. */
export async function initTestI18n() {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      ns: ['ui', 'messages'],
      defaultNS: 'ui',
      fallbackNS: 'messages',
      resources: { en: { ui: en, messages: messageCatalogs.en } },
      interpolation: { escapeValue: false },
    });
    // The apps' `{{n, coins}}`, `{{n, number}}`... formatters, as in packages/ui/src/i18n/i18n.ts.
    registerFormatters(i18next);
  }
  return i18next;
}

/** Renders inside MantineProvider with the apps' theme (test env: no transitions, no portals). */
export function renderWithUi(ui: ReactNode) {
  polyfill();
  return render(
    <MantineProvider env="test" theme={themeFor(DEFAULT_SKIN)}>
      {ui}
    </MantineProvider>,
  );
}
