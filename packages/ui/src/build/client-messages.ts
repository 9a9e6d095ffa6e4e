import type { Plugin } from 'vite';

/**
 * Catalog subtrees the browser never reads: mails and notifications are written by the API, and the
 * CRM's messages (issue 17: answers, export headers, the unsubscribe page) too — the back-office's CRM
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
 * Vite plugin for both apps: the shared message catalogs (`packages/contracts/src/i18n/<lang>.json`)
 * reach the browser without their `mail` and `notify` subtrees, which only the API renders (mails in
 * the recipient's language, notifications at read time). Keeps the login route within its 200 KB
 * budget (docs/performance.md) as the server-side messages grow.
 */
export function clientMessages(): Plugin {
  return {
    name: 'lm-client-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/packages\/contracts\/src\/i18n\/(en|fr|de|ar|tr)\.json$/.test(id)) return null;
      return { code: JSON.stringify(clientCatalog(JSON.parse(code) as Tree)), map: null };
    },
  };
}
