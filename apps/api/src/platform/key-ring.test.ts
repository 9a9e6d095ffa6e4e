import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { readClick, readSendToken, sendToken, withTracking } from '../modules/crm/crm-campaigns.service';
import { PRODUCTION_ENV } from '../test/production-env';
import { createKeyRing, parsePreviousKeys } from './key-ring';
import { openSealed, openSecret, resealSecret, sealSecret } from './secret-box';
import { signValue, verifyValue } from './signed';

const OLD = 'old-app-key-0123456789abcdef0123456789';
const OLDER = 'older-app-key-0123456789abcdef012345678';
const NEW = 'new-app-key-0123456789abcdef0123456789';
/** After the switch: APP_KEY=NEW, APP_KEY_PREVIOUS=OLD,OLDER. */
const rotated = createKeyRing(NEW, [OLD, OLDER]);

describe('APP_KEY_PREVIOUS in the configuration (issue 33, rotate APP_KEY)', () => {
  it('builds the ring: APP_KEY first, then the previous keys in order, trimmed, without repeats', () => {
    const config = loadConfig({ APP_KEY: NEW, APP_KEY_PREVIOUS: ` ${OLD} ,${OLDER},,${NEW}` });
    expect(config.keys.current).toBe(NEW);
    expect(config.keys.all).toEqual([NEW, OLD, OLDER]);
    expect(loadConfig({ APP_KEY: NEW }).keys.all).toEqual([NEW]);
    expect(parsePreviousKeys(undefined)).toEqual([]);
  });

  it('refuses a previous key shorter than 32 characters, and the development key in production', () => {
    expect(() => loadConfig({ APP_KEY: NEW, APP_KEY_PREVIOUS: `${OLD},short` })).toThrow(/APP_KEY_PREVIOUS/);
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, APP_KEY_PREVIOUS: 'dev-only-app-key-change-me-0123456789abcdef' }),
    ).toThrow(/APP_KEY_PREVIOUS/);
    expect(loadConfig({ ...PRODUCTION_ENV, APP_KEY_PREVIOUS: OLD }).keys.all).toHaveLength(2);
  });

  it('holds CRM_WEBHOOK_SECRET_PREVIOUS to the rules of the current secret', () => {
    expect(() => loadConfig({ CRM_WEBHOOK_SECRET_PREVIOUS: 'short' })).toThrow(/CRM_WEBHOOK_SECRET_PREVIOUS/);
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, CRM_WEBHOOK_SECRET_PREVIOUS: 'dev-only-crm-webhook-secret-0123' }),
    ).toThrow(/CRM_WEBHOOK_SECRET_PREVIOUS/);
    expect(
      loadConfig({ ...PRODUCTION_ENV, CRM_WEBHOOK_SECRET_PREVIOUS: 'old-relay-secret-0123456789' })
        .CRM_WEBHOOK_SECRET_PREVIOUS,
    ).toBe('old-relay-secret-0123456789');
  });
});

describe('sealed secrets across a rotation (platform/secret-box)', () => {
  it('opens a value sealed with a previous key, and tells which key opened it', () => {
    const sealed = sealSecret(OLDER, 'refresh-token-1', 'tiktok:refresh');
    expect(() => openSecret(NEW, sealed, 'tiktok:refresh')).toThrow(/any key/);
    expect(openSealed(rotated, sealed, 'tiktok:refresh')).toEqual({ plain: 'refresh-token-1', keyIndex: 2 });
    // The purpose still binds the value to its column, whatever key opens it.
    expect(() => openSecret(rotated, sealed, 'tiktok:access')).toThrow();
  });

  it('seals new values with the current key only', () => {
    const sealed = sealSecret(rotated, 'access-token-2', 'instagram:access');
    expect(sealed).toMatch(/^v1\./);
    expect(openSecret(NEW, sealed, 'instagram:access')).toBe('access-token-2');
    expect(() => openSecret(OLD, sealed, 'instagram:access')).toThrow();
    expect(() => openSecret(createKeyRing(OLD, [OLDER]), sealed, 'instagram:access')).toThrow();
  });

  it('re-seals only what a previous key sealed', () => {
    const current = sealSecret(NEW, 'pem', 'crm:dkim-private-key');
    expect(resealSecret(rotated, current, 'crm:dkim-private-key')).toBeNull();
    const old = sealSecret(OLD, 'pem', 'crm:dkim-private-key');
    const again = resealSecret(rotated, old, 'crm:dkim-private-key')!;
    expect(again).not.toBe(old);
    expect(openSecret(NEW, again, 'crm:dkim-private-key')).toBe('pem');
    const altered = `${old.slice(0, -2)}${old.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => resealSecret(rotated, altered, 'crm:dkim-private-key')).toThrow(/any key/);
  });
});

describe('signed values and mail links across a rotation', () => {
  it('verifies a value signed with a previous key until it expires, and signs new ones with the current key', () => {
    const now = Date.UTC(2026, 0, 1);
    const old = signValue(OLD, { kind: 'results-share', id: 7 }, 3600, now);
    expect(verifyValue(NEW, old, now)).toBeNull();
    expect(verifyValue(rotated, old, now)).toMatchObject({ kind: 'results-share', id: 7 });
    expect(verifyValue(rotated, old, now + 3601_000)).toBeNull();
    const fresh = signValue(rotated, { kind: 'results-share', id: 8 }, 3600, now);
    expect(verifyValue(NEW, fresh, now)).toMatchObject({ id: 8 });
    expect(verifyValue(OLD, fresh, now)).toBeNull();
  });

  it("keeps the CRM's unsubscribe, pixel and click links of mails sent under a previous key working", () => {
    const unsubscribe = sendToken(OLD, 41, 'u');
    expect(readSendToken(NEW, unsubscribe, 'u')).toBeNull();
    expect(readSendToken(rotated, unsubscribe, 'u')).toBe(41);
    expect(readSendToken(rotated, unsubscribe, 'o')).toBeNull();
    const html = withTracking('<a href="https://example.com/x">x</a>', 'https://app.test', OLD, 41);
    const click = /\/api\/crm\/c\/([^?]+)\?/.exec(html)![1]!;
    expect(readClick(NEW, click, 'https://example.com/x')).toBeNull();
    expect(readClick(rotated, click, 'https://example.com/x')).toBe(41);
    expect(readClick(rotated, click, 'https://evil.test/')).toBeNull();
    // New mails carry links signed with the current key only.
    const fresh = sendToken(rotated, 42, 'u');
    expect(readSendToken(NEW, fresh, 'u')).toBe(42);
    expect(readSendToken(OLD, fresh, 'u')).toBeNull();
  });
});
