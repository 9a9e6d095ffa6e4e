import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { isolateLinksPostProcessor } from './i18n';
import ar from './locales/ar.json';
import en from './locales/en.json';

describe('links in translated sentences', () => {
  it('isolates the link of an Arabic hint left to right, and leaves English alone', async () => {
    const i18n = i18next.createInstance();
    await i18n.use(isolateLinksPostProcessor).init({
      lng: 'ar',
      resources: { en: { translation: en }, ar: { translation: ar } },
      interpolation: { escapeValue: false },
      postProcess: [isolateLinksPostProcessor.name],
    });
    // Before: "مثال: https://open.spotify.com/track/…" read "…/https://open.spotify.com/track" in Arabic.
    expect(i18n.t('express.create.link_hint')).toBe('مثال: \u2066https://open.spotify.com/track/…\u2069');
    await i18n.changeLanguage('en');
    expect(i18n.t('express.create.link_hint')).not.toContain('\u2066');
  });
});
