// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

const ORIGIN = 'https://app.example.test';

describe('the way back after buying coins is a same-origin path only', () => {
  it('keeps a path of the app with its query and hash', () => {
    expect(safeReturnPath('/fan-finder/subscribe?plan=3', ORIGIN)).toBe('/fan-finder/subscribe?plan=3');
    expect(safeReturnPath('/renew/express/campaign?campaign_id=9#pay', ORIGIN)).toBe(
      '/renew/express/campaign?campaign_id=9#pay',
    );
    // Dot segments are resolved, never leaving the origin.
    expect(safeReturnPath('/a/../fan-finder/dashboard', ORIGIN)).toBe('/fan-finder/dashboard');
  });

  it('refuses anything that could lead to another site (no open redirect)', () => {
    for (const raw of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      ' /fan-finder/subscribe',
      '/\t/evil.example',
      '/\n/evil.example',
      'fan-finder/subscribe',
      '',
      null,
      undefined,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(raw, ORIGIN), String(raw)).toBeNull();
    }
  });

  it('refuses the coin pages themselves and the API (no loop, no request)', () => {
    expect(safeReturnPath('/wallet/coins/packages?return=/x', ORIGIN)).toBeNull();
    expect(safeReturnPath('/paypal/callback?token=1', ORIGIN)).toBeNull();
    expect(safeReturnPath('/api/user/logout', ORIGIN)).toBeNull();
  });
});
