import { describe, expect, it } from 'vitest';
import { buildAbility } from '../session/session';
import { type GuardSession, resolveAccess } from './guard';

const artist = await buildAbility([
  { action: 'call', subject: 'ARTIST_PERMISSION' },
  { action: 'call', subject: 'ARTIST_ALL_PERMISSION' },
]);
const curator = await buildAbility([
  { action: 'call', subject: 'CURATOR_PERMISSION' },
  { action: 'call', subject: 'ARTIST_ALL_PERMISSION' },
]);
const can = (ability: typeof artist) => (permission: string) => ability.can('call', permission);

function session(
  user: Partial<NonNullable<GuardSession['user']>> | null,
  extra: Partial<GuardSession> = {},
): GuardSession {
  return {
    loading: false,
    token: user ? 'tok' : null,
    user: user ? { email_verified: true, must_change_password: false, user_type_id: 1, ...user } : null,
    ...extra,
  };
}

describe('resolveAccess', () => {
  it('waits while the session loads', () => {
    expect(resolveAccess(session(null, { loading: true }), can(artist))).toBe('loading');
  });

  it('sends visitors to login', () => {
    expect(resolveAccess(session(null), can(artist), { permission: 'ARTIST_ALL_PERMISSION' })).toBe('login');
  });

  it('sends unverified users to verify-user', () => {
    expect(resolveAccess(session({ email_verified: false }), can(artist))).toBe('verify');
  });

  it('forces the password change before anything else', () => {
    expect(
      resolveAccess(session({ must_change_password: true }), can(artist), {
        permission: 'ARTIST_PERMISSION',
      }),
    ).toBe('change-password');
  });

  it('lets any signed-in user open general routes (dashboard)', () => {
    expect(resolveAccess(session({ user_type_id: 2 }), can(curator), { permission: 'general' })).toBe('ok');
    expect(resolveAccess(session({ user_type_id: 2 }), can(curator))).toBe('ok');
  });

  it('checks the permission with action call', () => {
    expect(resolveAccess(session({}), can(artist), { permission: 'ARTIST_PERMISSION' })).toBe('ok');
    expect(
      resolveAccess(session({ user_type_id: 2 }), can(curator), { permission: 'ARTIST_PERMISSION' }),
    ).toBe('not-found');
    expect(
      resolveAccess(session({ user_type_id: 2 }), can(curator), { permission: 'CURATOR_PERMISSION' }),
    ).toBe('ok');
  });

  it('checks the user type when the route names one', () => {
    expect(resolveAccess(session({ user_type_id: 3 }), can(curator), { userTypes: [2] })).toBe('not-found');
    expect(resolveAccess(session({ user_type_id: 2 }), can(curator), { userTypes: [2] })).toBe('ok');
  });

  it('admin abilities work the same way', async () => {
    const admin = await buildAbility([{ action: 'call', subject: 'view.main.users.tab.list' }]);
    expect(resolveAccess(session({}), can(admin), { permission: 'view.main.users.tab.list' })).toBe('ok');
    expect(resolveAccess(session({}), can(admin), { permission: 'view.main.roles.tab.list' })).toBe(
      'not-found',
    );
  });
});
