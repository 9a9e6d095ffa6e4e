import { describe, expect, it } from 'vitest';
import { MAIL_GREETING, MAIL_MESSAGES, NOTIFICATION_MESSAGES } from '../messages';
import ar from './ar.json' with { type: 'json' };
import { type Catalog, catalogProblems, flattenCatalog } from './catalog-check';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import { messageCatalogs, translate } from './index';
import tr from './tr.json' with { type: 'json' };

/** The raw JSON catalogs, loaded independently of the index module's typing. */
const files: Record<'en' | 'fr' | 'de' | 'ar' | 'tr', Catalog> = { en, fr, de, ar, tr };
const LANGUAGES = ['en', 'fr', 'de', 'ar', 'tr'] as const;
const english = flattenCatalog(files.en);

describe('message catalogs', () => {
  it('messageCatalogs has exactly the five languages', () => {
    expect(Object.keys(messageCatalogs).sort()).toEqual([...LANGUAGES].sort());
  });

  it('the English catalog is not empty', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  describe.each(LANGUAGES)('%s', (lang) => {
    it('has the keys of English (plural forms of its language), non-empty, with the same placeholders', () => {
      expect(catalogProblems(files.en, files[lang], lang)).toEqual([]);
    });

    it('is the catalog exported by messageCatalogs', () => {
      expect(messageCatalogs[lang]).toBe(files[lang]);
    });
  });

  it('reports a missing Arabic plural form and a dropped placeholder (the check itself works)', () => {
    const reference = { n: { days_one: '{{count}} day', days_other: '{{count}} days' }, a: 'Hi {{name}}' };
    const broken = { n: { days_one: 'يوم واحد', days_other: '{{count}} يوم' }, a: 'مرحبا' };
    expect(catalogProblems(reference, broken, 'ar')).toEqual([
      'ar: missing n.days_zero',
      'ar: missing n.days_two',
      'ar: missing n.days_few',
      'ar: missing n.days_many',
      'ar: a has placeholders [] instead of [name]',
    ]);
  });
});

describe('notification and mail messages', () => {
  it('every notification message has a title and a body in the English catalog', () => {
    const missing = NOTIFICATION_MESSAGES.flatMap((m) => [`${m}.title`, `${m}.body`]).filter(
      (key) => typeof english.get(key) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it('every mail message has a subject and a body, and the greeting exists', () => {
    const missing = [...MAIL_MESSAGES.flatMap((m) => [`${m}.subject`, `${m}.body`]), MAIL_GREETING].filter(
      (key) => typeof english.get(key) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s writes every notification and mail in its own words', (lang) => {
    const keys = [
      ...NOTIFICATION_MESSAGES.flatMap((m) => [`${m}.title`, `${m}.body`]),
      ...MAIL_MESSAGES.flatMap((m) => [`${m}.subject`, `${m}.body`]),
    ];
    const own = flattenCatalog(files[lang]);
    expect(keys.filter((key) => typeof own.get(key) !== 'string')).toEqual([]);
    if (lang !== 'en') {
      // Names and links aside, a translated message is not the English one.
      const copies = keys.filter((key) => own.get(key) === english.get(key));
      expect(copies).toEqual([]);
    }
  });
});

describe('one word for coins per language', () => {
  // The product's name "Liberty Coins" stays as it is (and placeholders such as {{coins, coins}} are
  // code); any other coin word must be the language's.
  const others: Record<(typeof LANGUAGES)[number], RegExp> = {
    en: /\b(jetons?|pièces?)\b/i,
    fr: /\bcoins?\b/i,
    de: /\b(Münzen?|Jetons?)\b/,
    ar: /(coin|Liberty(?! Music))/i,
    tr: /\bcoin\w*/i,
  };
  it.each(LANGUAGES)('%s', (lang) => {
    const offending = [...flattenCatalog(files[lang])].filter(
      ([, text]) =>
        typeof text === 'string' && others[lang].test(text.replace(/Liberty Coins|\{\{[^}]*\}\}/g, '')),
    );
    expect(offending.map(([key]) => key)).toEqual([]);
  });
});

describe('translate', () => {
  it('resolves a dotted key in the requested language', () => {
    expect(translate('fr', 'common.saved')).toBe('Enregistré');
    expect(translate('en', 'validation.required')).toBe('Field is required');
  });

  it('replaces placeholders from params', () => {
    expect(translate('en', 'auth.too_many_attempts', { minutes: 15 })).toBe(
      'Too many attempts. Please try again in 15 minutes',
    );
    expect(translate('de', 'validation.file_too_large', { max: '50 MB' })).toBe(
      'Die Datei ist zu groß (max. 50 MB)',
    );
  });

  it('leaves placeholders without a parameter untouched', () => {
    expect(translate('en', 'validation.min_value')).toBe('{{value}} is min value');
    expect(translate('en', 'validation.min_value', {})).toBe('{{value}} is min value');
  });

  it('falls back to English, then to the key', () => {
    expect(translate('xx', 'common.deleted')).toBe('Deleted');
    expect(translate('tr', 'common.missing_key')).toBe('common.missing_key');
    expect(translate('en', 'common')).toBe('common');
    expect(translate('en', 'common.saved.deeper')).toBe('common.saved.deeper');
  });

  it('returns sentences that are not keys as they are (no namespace or nesting read into ":" and ".")', () => {
    expect(translate('fr', 'Reason: too quiet. Sorry')).toBe('Reason: too quiet. Sorry');
  });
});

describe('plural forms (i18next, Intl.PluralRules)', () => {
  it('Arabic has six forms: 0, 1, 2, 3-10, 11-99, 100+', () => {
    const days = (count: number) => translate('ar', 'common.days', { count });
    expect([0, 1, 2, 3, 7, 10, 11, 13, 99, 100, 101, 102, 103, 111].map(days)).toEqual([
      '0 يوم',
      'يوم واحد',
      'يومين',
      '3 أيام',
      '7 أيام',
      '10 أيام',
      '11 يومًا',
      '13 يومًا',
      '99 يومًا',
      '100 يوم',
      '101 يوم',
      '102 يوم',
      '103 أيام',
      '111 يومًا',
    ]);
  });

  it('Arabic counts coins inside a sentence', () => {
    const body = (coins: number) => translate('ar', 'express.notify.paid.body', { coins, track: 'Song' });
    expect(body(1)).toBe('أضفنا عملة واحدة مقابل «Song» إلى محفظتك.');
    expect(body(2)).toBe('أضفنا عملتين مقابل «Song» إلى محفظتك.');
    expect(body(7)).toBe('أضفنا 7 عملات مقابل «Song» إلى محفظتك.');
    expect(body(25)).toBe('أضفنا 25 عملةً مقابل «Song» إلى محفظتك.');
    expect(body(300)).toBe('أضفنا 300 عملة مقابل «Song» إلى محفظتك.');
  });

  it('French: 0 and 1 are singular, millions take "de", numbers grouped with a space', () => {
    const coins = (count: number) => translate('fr', 'common.coins', { count });
    expect(coins(0)).toBe('0 pièce');
    expect(coins(1)).toBe('1 pièce');
    expect(coins(2)).toBe('2 pièces');
    expect(coins(100_000)).toMatch(/^100\s000 pièces$/);
    expect(coins(1_000_000)).toMatch(/^1\s000\s000 de pièces$/);
    expect(translate('fr', 'reports.range_too_long', { days: 366 })).toBe(
      'Veuillez choisir une période de 366 jours au plus',
    );
  });

  it('English and Turkish', () => {
    expect(translate('en', 'roles.in_use', { count: 1 })).toBe(
      'This role is still assigned to 1 account. Remove it from that account first',
    );
    expect(translate('en', 'roles.in_use', { count: 1200 })).toMatch(
      /^This role is still assigned to 1,200 accounts/,
    );
    expect(translate('tr', 'common.coins', { count: 5 })).toBe('5 jeton');
  });

  it('writes amounts and days of a mail in the language', () => {
    const text = translate('fr', 'mail.payout_code.body', {
      name: 'Léa',
      code: '123456',
      coins: 1500,
      amount: { minor: 1_234_550, currency: 'EUR' },
    });
    expect(text).toMatch(/retrait de 1\s500 pièces \(12\s345,50\s€\) est 123456/);
    expect(translate('ar', 'express.notify.approved.body', { track: 'Song', date: '2026-03-05' })).toContain(
      'حتى 5 مارس 2026',
    );
  });
});
