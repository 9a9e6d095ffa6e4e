import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatFileSize,
  formatLink,
  formatMoney,
  formatNumber,
  formatRelativeTime,
  formatShortAmount,
  formatSignedMoney,
  intlLocale,
  isolateLinks,
  isolateTextParams,
} from './format';
import { translate } from './i18n/index';

/** Intl writes narrow no-break spaces in some languages; compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\u200f/g, '');

describe('numbers in the reader language', () => {
  it('groups digits per language, Arabic with Latin digits', () => {
    expect(formatNumber(100000, 'en')).toBe('100,000');
    expect(plain(formatNumber(100000, 'fr'))).toBe('100 000');
    expect(formatNumber(100000, 'de')).toBe('100.000');
    expect(formatNumber(100000, 'tr')).toBe('100.000');
    expect(formatNumber(100000, 'ar')).toBe('100,000');
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
    expect(intlLocale('xx')).toBe('en');
  });

  it('shortens with K, M, B (spec 9), decimal separator of the language', () => {
    expect(formatShortAmount(950)).toBe('950');
    expect(formatShortAmount(1500)).toBe('1.5K');
    expect(formatShortAmount(999_999)).toBe('1M');
    expect(formatShortAmount(3_250_000_000)).toBe('3.3B');
    expect(formatShortAmount(-1500)).toBe('-1.5K');
    expect(formatShortAmount(1500, 'fr')).toBe('1,5K');
  });
});

describe('money', () => {
  it('writes pounds with the plain pound sign in every language', () => {
    expect(formatMoney(999, 'GBP', 'en')).toBe('£9.99');
    expect(formatMoney(399_999, 'GBP', 'de')).toBe('£3.999,99');
    expect(formatMoney(-250, 'GBP', 'en')).toBe('-£2.50');
    expect(formatSignedMoney(999)).toBe('+£9.99');
    expect(formatSignedMoney(-999)).toBe('−£9.99');
  });

  it('isolates amounts and links left to right in Arabic only ("5.00£")', () => {
    expect(formatMoney(4499, 'GBP', 'ar')).toBe('\u2066£44.99\u2069');
    expect(formatSignedMoney(-999, 'GBP', 'ar')).toBe('\u2066−£9.99\u2069');
    const url = 'https://open.spotify.com/track/abc';
    expect(formatLink(url, 'ar')).toBe(`\u2066${url}\u2069`);
    expect(formatLink(url, 'fr')).toBe(url);
    expect(formatMoney(4499, 'GBP', 'tr')).toBe('£44,99');
  });

  it('isolates the links inside an Arabic sentence, once, and nothing else', () => {
    expect(isolateLinks('مثال: https://open.spotify.com/track/…', 'ar')).toBe(
      'مثال: \u2066https://open.spotify.com/track/…\u2069',
    );
    const hint = 'ليس رابط قائمة تشغيل من Spotify (https://open.spotify.com/playlist/…)';
    expect(isolateLinks(hint, 'ar')).toBe(
      'ليس رابط قائمة تشغيل من Spotify (\u2066https://open.spotify.com/playlist/…\u2069)',
    );
    expect(isolateLinks('رابط: https://x.com/yourname.', 'ar')).toBe(
      'رابط: \u2066https://x.com/yourname\u2069.',
    );
    const once = isolateLinks('مثال: https://open.spotify.com/track/…', 'ar');
    expect(isolateLinks(once, 'ar')).toBe(once);
    expect(isolateLinks('e.g. https://open.spotify.com/track/…', 'en')).toBe(
      'e.g. https://open.spotify.com/track/…',
    );
  });

  it('writes other currencies in the language', () => {
    expect(plain(formatMoney(1_234_550, 'EUR', 'fr'))).toBe('12 345,50 €');
    expect(formatMoney(1_234_550, 'EUR', 'en')).toBe('€12,345.50');
    expect(formatMoney(1000, 'usd', 'en')).toBe('$10.00');
  });
});

describe('file sizes (kb below a megabyte, else mb)', () => {
  it.each([
    [512, 'en', '0.5 kB'],
    [150 * 1024, 'en', '150 kB'],
    [5 * 1024 * 1024, 'en', '5 MB'],
    [5 * 1024 * 1024, 'fr', '5 Mo'],
    [1.5 * 1024 * 1024, 'fr', '1,5 Mo'],
    [150 * 1024, 'fr', '150 ko'],
    [50 * 1024 * 1024, 'de', '50 MB'],
  ])('%d bytes in %s → %s', (bytes, lang, expected) => {
    expect(plain(formatFileSize(bytes, lang))).toBe(expected);
  });
});

describe('relative times (Intl.RelativeTimeFormat)', () => {
  const now = Date.parse('2026-03-05T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms);
  it('Arabic: the right noun form for each count', () => {
    expect(formatRelativeTime(ago(13 * 60_000), 'ar', now)).toBe('قبل 13 دقيقة');
    expect(formatRelativeTime(ago(3 * 60_000), 'ar', now)).toBe('قبل 3 دقائق');
    expect(formatRelativeTime(ago(2 * 60_000), 'ar', now)).toBe('قبل دقيقتين');
    expect(formatRelativeTime(ago(11 * 86_400_000), 'ar', now)).toBe('قبل 11 يومًا');
  });

  it('French, English, German, Turkish', () => {
    expect(formatRelativeTime(ago(13 * 60_000), 'fr', now)).toBe('il y a 13 minutes');
    expect(formatRelativeTime(ago(1 * 60_000), 'fr', now)).toBe('il y a 1 minute');
    expect(formatRelativeTime(ago(86_400_000), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(5 * 3_600_000), 'de', now)).toBe('vor 5 Stunden');
    expect(formatRelativeTime(ago(40 * 86_400_000), 'tr', now)).toBe('geçen ay');
    expect(formatRelativeTime(ago(2_000), 'en', now)).toBe('2 seconds ago');
  });
});

describe('days', () => {
  it('writes a calendar day in the language (UTC)', () => {
    expect(formatDay('2026-03-05', 'en')).toBe('March 5, 2026');
    expect(formatDay('2026-03-05', 'fr')).toBe('5 mars 2026');
    expect(formatDay('2026-03-05T23:30:00Z', 'ar')).toBe('5 مارس 2026');
    expect(formatDay('not a date', 'en')).toBe('not a date');
  });
});

describe('isolateTextParams', () => {
  it('isolates people words in Arabic only, never codes or links', () => {
    const params = { track: 'Wild Fireflies', coins: 28, code: '123456', link: 'https://x.test/a' };
    expect(isolateTextParams('ar', params)).toEqual({
      track: '\u2068Wild Fireflies\u2069',
      coins: 28,
      code: '123456',
      link: 'https://x.test/a',
    });
    expect(isolateTextParams('fr', params)).toBe(params);
  });
});

describe('counted words in the server catalogs (kept once written)', () => {
  it('stay right for every count and language, asked again and again', () => {
    for (let round = 0; round < 3; round++) {
      expect(
        translate('en', 'express.notify.new_campaign.body', { track: 'T', playlist: 'P', coins: 1 }),
      ).toBe('"T" was submitted to your playlist P for 1 coin. Approve or decline it.');
      expect(
        translate('en', 'express.notify.new_campaign.body', { track: 'T', playlist: 'P', coins: 50 }),
      ).toBe('"T" was submitted to your playlist P for 50 coins. Approve or decline it.');
      expect(
        translate('fr', 'express.notify.new_campaign.body', { track: 'T', playlist: 'P', coins: 2 }),
      ).toBe('« T » a été proposé pour votre playlist P contre 2 pièces. Acceptez ou refusez la demande.');
    }
  });
});
