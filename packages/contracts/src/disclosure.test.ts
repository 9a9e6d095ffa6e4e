import { describe, expect, it } from 'vitest';
import { captionDiscloses, DISCLOSURE_HASHTAGS, DISCLOSURE_PHRASES, disclosureOf } from './disclosure';

describe('paid-promotion disclosure in a caption', () => {
  it.each([
    'New song out now #ad',
    '#Ad dancing to this one',
    'Loving this track #sponsored',
    '#PaidPartnership with the artist',
    'paid partnership with @someone',
    'Neuer Song #Anzeige',
    'WERBUNG | neuer Track',
    'Nouveau son #publicité',
    'nouveau son #publicite',
    '#Sponsorisé par l’artiste',
    'partenariat rémunéré avec @artiste',
    'Yeni şarkı #reklam',
    '#işbirliği yeni parça',
    'YENİ ŞARKI #İŞBİRLİĞİ',
    '#isbirligi',
    'أغنية جديدة #إعلان',
    'أغنية جديدة #اعلان',
    '#إعلان_مدفوع',
    'محتوى مدفوع',
    'Dance video\n\n#fyp #ad #music',
  ])('%s discloses', (caption) => {
    expect(captionDiscloses(caption)).toBe(true);
    expect(disclosureOf(null, caption)).toBe('caption');
  });

  it.each([
    '',
    'Dancing to this one',
    'ad lib at the end',
    'the adventure begins #adventure',
    '#adidas fit',
    'shoutout to my #partner',
    'la pub du coin',
    'Reklamation ist raus',
    'sponsoring nobody here',
    '#fyp #music',
  ])('%s does not disclose', (caption) => {
    expect(captionDiscloses(caption)).toBe(false);
    expect(disclosureOf(null, caption)).toBe('missing');
    expect(disclosureOf(false, caption)).toBe('missing');
  });

  it('the platform flag counts before the caption', () => {
    expect(disclosureOf(true, 'no words at all')).toBe('flag');
    expect(disclosureOf(true, '#ad')).toBe('flag');
  });

  it('every entry of the list is recognised as a hashtag', () => {
    for (const tag of DISCLOSURE_HASHTAGS) expect(captionDiscloses(`video #${tag}`), tag).toBe(true);
    for (const phrase of DISCLOSURE_PHRASES) {
      expect(captionDiscloses(`video ${phrase}`), phrase).toBe(true);
      expect(captionDiscloses(`video #${phrase.replace(/\s+/g, '')}`), phrase).toBe(true);
    }
  });
});
