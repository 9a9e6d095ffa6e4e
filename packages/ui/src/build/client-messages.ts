import type { Plugin } from 'vite';

/**
 * Catalog subtrees the browser never reads: mails and notifications are written by the API, and the
 * CRM's messages (answers, export headers, the unsubscribe page) too — the back-office's CRM
 * screens have their own texts in the admin catalog.
 */
const SERVER_ONLY = new Set(['mail', 'notify', 'crm']);

type Tree = { [key: string]: string | Tree };

/** The catalog without its server-only subtrees (and without objects they leave empty). */
export function clientCatalog(tree: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (SERVER_ONLY.has(key)) continue;
    if (typeof value === 'string') out[key] = value;
    else {
      const kept = clientCatalog(value);
      if (Object.keys(kept).length > 0) out[key] = kept;
    }
  }
  return out;
}

/**
 * The half of a catalog a screen loads: `boot` (what the sign-in screens, their layout and the
 * shared kit's basics read) or `screens` (everything else: wallet, campaigns, tickets...).
 */
export type CatalogPart = 'boot' | 'screens';

/**
 * The top-level subtrees of each browser catalog that the sign-in screens read, by catalog. Every
 * other subtree is a `screens` one, so a module that adds its own subtree never grows the login
 * route (docs/performance.md "Bundle budget").
 */
export const BOOT_SUBTREES = {
  /** packages/ui/src/i18n/locales: the screens' catalog. */
  ui: [
    'ui',
    'nav',
    'user_types',
    'genders',
    'login',
    'register',
    'verify',
    'forgot',
    'reset',
    'expired',
    'change_password',
    'oauth',
    'privacy',
  ],
  /** packages/contracts/src/i18n: validation, auth and error messages shared with the API. */
  messages: ['auth', 'validation', 'errors', 'common', 'user', 'lookups', 'sliders'],
  /** apps/admin/src/i18n/locales: the back-office's own catalog. */
  backoffice: ['admin'],
} as const satisfies Record<string, readonly string[]>;

/** Which browser catalog a module id is, or null. */
function catalogOf(id: string): keyof typeof BOOT_SUBTREES | null {
  const path = id.split('?')[0]!;
  if (/packages\/contracts\/src\/i18n\/(en|fr|de|ar|tr)\.json$/.test(path)) return 'messages';
  if (/packages\/ui\/src\/i18n\/locales\/(en|fr|de|ar|tr)\.json$/.test(path)) return 'ui';
  if (/apps\/admin\/src\/i18n\/locales\/(en|fr|de|ar|tr)\.json$/.test(path)) return 'backoffice';
  return null;
}

/** The `?part=` of a module id, or null for the whole catalog. */
function partOf(id: string): CatalogPart | null {
  const part = /[?&]part=(boot|screens)\b/.exec(id)?.[1];
  return (part as CatalogPart | undefined) ?? null;
}

/** One part of a client catalog: its boot subtrees, or all the others. */
export function catalogPart(tree: Tree, boot: readonly string[], part: CatalogPart): Tree {
  const keep = new Set(boot);
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (keep.has(key) === (part === 'boot')) out[key] = value;
  }
  return out;
}

/**
 * Vite plugin for both apps:
 * - the shared message catalogs (`packages/contracts/src/i18n/<lang>.json`) reach the browser without
 *   their `mail` and `notify` subtrees, which only the API renders (mails in the recipient's language,
 *   notifications at read time);
 * - a catalog imported with `?part=boot` or `?part=screens` is cut in two by {@link BOOT_SUBTREES}: the
 *   login route waits for the boot halves only, and the screens halves are fetched when a signed-in
 *   or other screen first renders (`ScreenAssets` in @lm/ui). Their chunks are named
 *   `<lang>-screens-<hash>.js`, so the bundle check can tell them apart.
 * Keeps the login route within its 200 KB budget (docs/performance.md) as the catalogs grow.
 */
export function clientMessages(): Plugin {
  return {
    name: 'lm-client-messages',
    enforce: 'pre',
    config() {
      return {
        build: {
          rollupOptions: {
            output: {
              chunkFileNames: (chunk) =>
                chunk.moduleIds.some((id) => partOf(id) === 'screens')
                  ? 'assets/[name]-screens-[hash].js'
                  : 'assets/[name]-[hash].js',
            },
          },
        },
      };
    },
    transform(code, id) {
      const catalog = catalogOf(id);
      if (!catalog) return null;
      const part = partOf(id);
      let tree = JSON.parse(code) as Tree;
      if (catalog === 'messages') tree = clientCatalog(tree);
      if (!part) return { code: JSON.stringify(tree), map: null };
      // With a query the id is no longer a JSON request for the bundler: hand it a module.
      return {
        code: `export default ${JSON.stringify(catalogPart(tree, BOOT_SUBTREES[catalog], part))};`,
        map: null,
      };
    },
  };
}
