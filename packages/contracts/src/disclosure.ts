/**
 * Paid-promotion disclosure of a creator's video or reel (TikTok, Instagram): the one list of the
 * words and hashtags that count as a disclosure in a caption, in the product's five languages (en, fr,
 * de, ar, tr; a creator's own language is one of them). Zod-free: the API checks captions with it and
 * the apps may show its examples.
 *
 * How a proof says it was disclosed: `flag` (the platform's branded-content / paid-partnership flag,
 * where its API exposes one), `caption` (a disclosure in the caption), `missing` (neither).
 */
export const DISCLOSURES = ['flag', 'caption', 'missing'] as const;
export type Disclosure = (typeof DISCLOSURES)[number];

/**
 * Counted only as a hashtag (`#ad`): as plain words they mean other things ("ad lib", "la pub du coin").
 */
export const DISCLOSURE_HASHTAGS = [
  'ad',
  'ads',
  'advert',
  'advertisement',
  'pub',
  'partenariat',
  'advertising',
  'sponsoredpost',
] as const;

/**
 * Counted as a hashtag or as words anywhere in the caption (case, accents and the spaces or
 * underscores between words do not matter: "#PaidPartnership", "paid partnership", "#إعلان_مدفوع").
 */
export const DISCLOSURE_PHRASES = [
  // en
  'sponsored',
  'paid partnership',
  'paid promotion',
  'paid promo',
  // de
  'anzeige',
  'werbung',
  'bezahlte partnerschaft',
  'unbezahlte werbung',
  // fr
  'publicité',
  'sponsorisé',
  'sponsorisée',
  'partenariat rémunéré',
  'collaboration commerciale',
  // tr
  'reklam',
  'işbirliği',
  'sponsorlu',
  'ücretli ortaklık',
  // ar
  'إعلان',
  'إعلان مدفوع',
  'محتوى مدفوع',
  'شراكة مدفوعة',
  'برعاية',
] as const;

/**
 * A caption as the list is compared with it: accents and other combining marks removed (so "publicite",
 * "isbirligi" and "اعلان" match too), lower case, Turkish dotless i as i, underscores as spaces.
 */
export function normalizeCaption(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ı/g, 'i').replace(/_/g, ' ');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A term of the list as a pattern: its words joined by any spaces or none. */
const termPattern = (term: string) =>
  normalizeCaption(term).trim().split(/\s+/).map(escapeRegExp).join('\\s*');
const BEFORE = '(?<![\\p{L}\\p{N}])';
const AFTER = '(?![\\p{L}\\p{N}])';
const DISCLOSURE_PATTERN = new RegExp(
  `${BEFORE}(?:#(?:${DISCLOSURE_HASHTAGS.map(termPattern).join('|')})${AFTER}|#?(?:${DISCLOSURE_PHRASES.map(termPattern).join('|')})${AFTER})`,
  'u',
);

/** Whether a caption carries a paid-promotion disclosure of {@link DISCLOSURE_HASHTAGS} or {@link DISCLOSURE_PHRASES}. */
export function captionDiscloses(caption: string): boolean {
  return DISCLOSURE_PATTERN.test(normalizeCaption(caption));
}

/**
 * How a post discloses paid promotion: the platform's flag first (`true`), else its caption.
 * @param flag the platform's branded-content flag; null when its API does not expose one
 */
export function disclosureOf(flag: boolean | null, caption: string): Disclosure {
  if (flag === true) return 'flag';
  return captionDiscloses(caption) ? 'caption' : 'missing';
}
