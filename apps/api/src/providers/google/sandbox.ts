import type { Keys } from '../../platform/key-ring';
import { signValue, verifyValue } from '../../platform/signed';
import type { GoogleOAuthProvider, GoogleProfile } from './contract';

/**
 * Sandbox Google: the consent page is served by this API (`/api/sandbox/google/consent`); the
 * code it hands back is a signed profile, so the exchange works on any instance and cannot be forged.
 */
/** The sandbox Google provider: the contract plus the consent page's code issuing. */
export type SandboxGoogleProvider = GoogleOAuthProvider & { issueCode(profile: GoogleProfile): string };

/** Whether `provider` is the sandbox (with its consent page). */
export function isSandboxGoogle(provider: GoogleOAuthProvider): provider is SandboxGoogleProvider {
  return provider.name === 'sandbox' && 'issueCode' in provider;
}

export function createSandboxGoogleProvider(appUrl: string, key: Keys): SandboxGoogleProvider {
  return {
    name: 'sandbox',
    authorizationUrl(state, redirectUri) {
      const params = new URLSearchParams({ state, redirect_uri: redirectUri });
      return `${appUrl}/api/sandbox/google/consent?${params}`;
    },
    issueCode(profile) {
      return signValue(key, { kind: 'sandbox-google-code', profile }, 300);
    },
    async exchangeCode(code) {
      const payload = verifyValue<{ kind: string; profile: GoogleProfile }>(key, code);
      if (payload?.kind !== 'sandbox-google-code') throw new Error('sandbox google code invalid');
      return payload.profile;
    },
  };
}
