import { describe, expect, it } from 'vitest';
import { maskContacts, CONTACT_REMOVED as X } from './contact-mask';

const mask = (text: string) => maskContacts(text).text;

describe('e-mail addresses typed into a message are masked', () => {
  it.each([
    ['write me at jane.doe@gmail.com please', `write me at ${X} please`],
    ['JANE_DOE+promo@Outlook.co.uk', X],
    ['mail: jane @ gmail . com', `mail: ${X}`],
    ['mail: jane@ gmail.com!', `mail: ${X}!`],
    ['jane at gmail dot com', X],
    ['jane AT gmail DOT com thanks', `${X} thanks`],
    ['jane (at) gmail (dot) com', X],
    ['jane[at]gmail[dot]com', X],
    ['jane {at} proton {dot} me', X],
    ['jane at gmail.com', X],
    ['contact: dj-mike_88 at yahoo dot fr, merci', `contact: ${X}, merci`],
    ['jean.dupont arobase orange point fr', X],
    ['ahmet nokta yilmaz@hotmail.com.tr', `ahmet nokta ${X}`],
    ['e-posta: ahmet@firma.com.tr', `e-posta: ${X}`],
    ['راسلني على artist@mail.com شكرا', `راسلني على ${X} شكرا`],
    ['two: a@b.io and c@d.org', `two: ${X} and ${X}`],
    ['fullwidth: jane＠gmail.com', `fullwidth: ${X}`],
  ])('%s', (input, expected) => {
    expect(mask(input)).toBe(expected);
  });
});

describe('phone numbers typed into a message are masked, in any country format', () => {
  it.each([
    ['call +44 7911 123456', `call ${X}`],
    ['call +1 (202) 555-0143 today', `call ${X} today`],
    ['(202) 555-0143', X],
    ['202-555-0143', X],
    ['WhatsApp: +33 6 12 34 56 78', `WhatsApp: ${X}`],
    ['06 12 34 56 78', X],
    ['06.12.34.56.78', X],
    ['0033612345678', X],
    ['+49 151 23456789', X],
    ['0151 23456789', X],
    ['+90 532 123 45 67', X],
    ['0532 123 45 67', X],
    ['+966 50 123 4567', X],
    ['050 123 4567', X],
    ['+971 50 123 4567', X],
    ['07911 123456', X],
    ['+91 98765 43210', X],
    ['+55 11 91234-5678', X],
    ['my number 0 6 1 2 3 4 5 6 7 8 ok', `my number ${X} ok`],
    ['tel:+447911123456', `tel:${X}`],
    ['رقمي +966501234567', `رقمي ${X}`],
    ['mail jane@gmail.com or call +44 7911 123456', `mail ${X} or call ${X}`],
  ])('%s', (input, expected) => {
    expect(mask(input)).toBe(expected);
  });
});

describe('what must stay as typed', () => {
  it.each([
    'The placement costs 1500 coins, or 2,500 with the bigger tier.',
    'Price: €120.50, $99, 1.000 €',
    'Released on 12/05/2024, the video on 2024-05-12, the EP on 12.05.2024.',
    'The track lasts 3:45, the radio edit 2:58 and the intro 0:32.',
    'ISRC USRC17607839, and the other one GBAYE0601498.',
    'It came out in 2019 and charted in 2021 and 2023.',
    'We reached 250000 streams and 1 200 000 views!',
    'Playlist of 15,000 followers, 30 days on the list, top 10.',
    'Spotify track 4uLU6hMCjMI75M1A2tKUQC is the one.',
    'UPC 075678164729? No: the catalogue number is LM-2024-001.',
    'I am at home. Call it a day.',
    'Meet at the studio at 10:30 on 5/6.',
    'Version 2.1.3 of the mix, bpm 128, key 8A.',
    'Email me? No, let us keep it here @ the platform.',
    'See https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC and @artistname on TikTok.',
    'Thanks!!! 🙏 شكرا جزيلا Teşekkürler',
  ])('%s', (input) => {
    expect(maskContacts(input)).toEqual({ text: input, masked: 0 });
  });

  it('keeps the token a second pass would find unchanged (masking twice changes nothing)', () => {
    const once = mask('jane@gmail.com +44 7911 123456');
    expect(mask(once)).toBe(once);
  });
});
