import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What differs per express platform lives in its adapter (`modules/express/platforms/`): the engine,
 * services and routes ask the adapter instead of comparing a platform's name, so a new platform is
 * one adapter file and its routes, rules and wording follow. This test fails when a comparison with
 * `'spotify'`, `'tiktok'` or `'instagram'` appears anywhere else in the API's source.
 */
const NAME_COMPARISON = /[!=]==\s*'(spotify|tiktok|instagram)'|'(spotify|tiktok|instagram)'\s*[!=]==/g;

/** Where naming a platform is the point of the code. */
const PLATFORM_HOMES = [
  // The express adapters: the one place each platform's rules are written.
  'modules/express/platforms/',
  // A provider is one platform's API (real, sandbox or recorded): it is that platform by definition.
  'providers/',
];

/**
 * Files that still compare a platform's name, each with the reason it is not an adapter's business
 * yet. This list may only shrink: the test also fails when a listed file no longer needs its entry.
 */
const KNOWN: Record<string, string> = {
  // Connecting an account is each platform's own OAuth and profile call (refresh windows, account
  // types): the connections module's provider switch, below the express engine.
  'modules/connections/connections.service.ts': 'connection flows differ per provider',
  'modules/connections/connections.demo.ts': 'demo data names its platforms',
  // Wallet history links Spotify campaign rows (meta.campaign_type); money does not know adapters.
  'modules/wallet/descriptions.ts': 'ledger meta names the campaign type',
  // Trust scores read each platform's recent posts through its provider.
  'modules/trust/flags.service.ts': 'reads posts per provider',
  // The back-office user overview answers one key per platform (a response shape the apps read).
  'modules/users/users.routes.ts': 'response groups accounts under per-platform keys',
  // Development-only sandbox tools that fabricate a platform's posts.
  'modules/dev/dev-social.routes.ts': 'sandbox tooling for one platform',
  // Fan Finder's own profile kinds (the artist's Spotify and Instagram), not express platforms.
  'modules/fan-finder/connections.service.ts': "Fan Finder's profile kinds",
  'modules/fan-finder/analysis.service.ts': "Fan Finder's profile kinds",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    // Tests and their shared fixtures name real platforms to drive them.
    const testOnly = e.name.endsWith('.test.ts') || e.name.endsWith('.fixture.ts');
    return e.name.endsWith('.ts') && !testOnly ? [full] : [];
  });
}

/** Files of the API source (relative to `src`, posix separators) that compare a platform's name. */
export function platformNameComparisons(root: string): string[] {
  return sourceFiles(root)
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .filter((rel) => !PLATFORM_HOMES.some((home) => rel.startsWith(home)))
    .filter((rel) => (readFileSync(path.join(root, rel), 'utf8').match(NAME_COMPARISON) ?? []).length > 0)
    .sort();
}

describe('platform knowledge', () => {
  it('lives in the express adapters: no platform-name comparison elsewhere in the API', () => {
    const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
    const found = platformNameComparisons(root);
    expect(found.filter((f) => !(f in KNOWN))).toEqual([]);
    // Every listed file still needs its entry: a fixed file leaves the list.
    expect(Object.keys(KNOWN).sort()).toEqual(found);
  });
});
