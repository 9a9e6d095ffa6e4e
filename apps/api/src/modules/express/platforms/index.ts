import { NotFoundError } from '../../../platform/errors';
import type { AccountPlatformParts, ExpressCampaignTypeId, ExpressPlatformAdapter } from './adapter';
import { instagramAdapter } from './instagram.adapter';
import { spotifyAdapter } from './spotify.adapter';
import { tiktokAdapter } from './tiktok.adapter';

const adapters = new Map<number, ExpressPlatformAdapter>(
  [spotifyAdapter, tiktokAdapter, instagramAdapter].map((a) => [a.typeId, a]),
);

/**
 * The adapter of a campaign type (`campaign_type_id` 1 Spotify, 2 TikTok, 3 Instagram).
 * @throws NotFoundError when no adapter is registered for the type (a platform not built yet)
 */
export function adapterFor(typeId: number): ExpressPlatformAdapter {
  const adapter = adapters.get(typeId);
  if (!adapter) throw new NotFoundError();
  return adapter;
}

/** The adapter of a campaign type, or undefined when none is registered for it. */
export function findAdapter(typeId: number): ExpressPlatformAdapter | undefined {
  return adapters.get(typeId);
}

/**
 * The registered adapters whose sellers are connected accounts (they carry `accounts`), in campaign
 * type order: each gets the account-campaign routes at its own paths.
 */
export function accountPlatforms(): (ExpressPlatformAdapter & { accounts: AccountPlatformParts })[] {
  return [...adapters.values()]
    .filter((a): a is ExpressPlatformAdapter & { accounts: AccountPlatformParts } => a.accounts !== undefined)
    .sort((a, b) => a.typeId - b.typeId);
}

/** The registered adapter whose `key` is `key` (a platform name), or undefined. */
export function adapterByKey(key: string): ExpressPlatformAdapter | undefined {
  for (const a of adapters.values()) if (a.key === key) return a;
  return undefined;
}

/**
 * Register (or replace) the adapter of its campaign type. Platforms register here at import; a test
 * may put a fake in a free slot for its duration. Register before the app is built: the account
 * platforms' routes are made from the adapters registered then.
 * @returns a function restoring what was registered before
 */
export function registerExpressAdapter(adapter: ExpressPlatformAdapter): () => void {
  const before = adapters.get(adapter.typeId);
  adapters.set(adapter.typeId, adapter);
  return () => {
    if (before) adapters.set(adapter.typeId, before);
    else adapters.delete(adapter.typeId);
  };
}

export type { ExpressCampaignTypeId, ExpressPlatformAdapter };
export { instagramAdapter, spotifyAdapter, tiktokAdapter };
