import { messageCatalogs } from '@lm/contracts/i18n/index';
import { describe, expect, it } from 'vitest';
import uiEn from '../i18n/locales/en.json';
import { BOOT_SUBTREES, catalogPart, clientCatalog } from './client-messages';

describe('the shared catalogs as the browser gets them', () => {
  it('drop the mails and notifications the API writes, and keep every message the apps show', () => {
    const en = messageCatalogs.en as Parameters<typeof clientCatalog>[0];
    const client = clientCatalog(en);
    const text = JSON.stringify(client);
    expect(text).not.toContain('"mail"');
    expect(text).not.toContain('"notify"');
    expect(client.validation).toEqual(en.validation);
    expect((client.auth as Record<string, string>).oauth_state_invalid).toBe(
      (en.auth as Record<string, string>).oauth_state_invalid,
    );
    expect(text.length).toBeLessThan(JSON.stringify(en).length);
  });
});

describe('catalog halves (boot / screens)', () => {
  const tree = {
    login: { title: 'Sign in' },
    ui: { ok: 'OK' },
    wallet: { title: 'Wallet' },
    tickets: { a: 'b' },
  };

  it('puts the sign-in subtrees in boot and every other one, including a new module, in screens', () => {
    expect(catalogPart(tree, BOOT_SUBTREES.ui, 'boot')).toEqual({ login: tree.login, ui: tree.ui });
    expect(catalogPart(tree, BOOT_SUBTREES.ui, 'screens')).toEqual({
      wallet: tree.wallet,
      tickets: tree.tickets,
    });
  });

  it('loses no key: the two halves of every browser catalog make the whole', () => {
    for (const [name, catalogs] of [
      ['ui', { en: uiEn }],
      ['messages', messageCatalogs],
    ] as const) {
      for (const catalog of Object.values(catalogs)) {
        const whole = name === 'messages' ? clientCatalog(catalog as never) : (catalog as never);
        const boot = BOOT_SUBTREES[name];
        expect({ ...catalogPart(whole, boot, 'boot'), ...catalogPart(whole, boot, 'screens') }).toEqual(
          whole,
        );
      }
    }
  });
});
