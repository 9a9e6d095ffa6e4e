import { NotFoundError } from '../../../platform/errors';
import type { ExpressCampaignTypeId, ExpressPlatformAdapter } from './adapter';
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

/**
 * Register (or replace) the adapter of its campaign type. Platforms register here at import; a test
 * may put a fake in a free slot for its duration.
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
