import { messageCatalogs } from '@lm/contracts/i18n/index';
import { describe, expect, it } from 'vitest';
import { clientCatalog } from './client-messages';

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
