import type { AppDeps } from '../../platform/app';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/**
 * A campaign platform's music-link check, as far as connections needs it to offer artists their own
 * sounds (`artist-sounds.service.ts`): the platform's name, its `campaign_type_id`, and the sound a link
 * names. The express platform adapters have this shape.
 */
export interface SoundCheck {
  /** The platform's name, as in `social_accounts.platform`. */
  readonly key: string;
  /** The platform's `campaign_type_id` (its campaigns' sounds are offered again). */
  readonly typeId: number;
  /** The sound behind a link, or null when the link is not one of the platform's sounds. */
  resolveSound(deps: Deps, link: string): Promise<{ id: string; url: string; name: string } | null>;
  /**
   * For platforms whose sellers are connected accounts: the sound links of an account's newest posts
   * (at most `limit` posts), each with the post's name and cover. Without it only the sounds of the
   * artist's earlier campaigns are offered.
   */
  readonly accounts?: {
    postSounds?(
      deps: Deps,
      accountId: number,
      limit: number,
    ): Promise<{ link: string; name: string; cover: string | null }[]>;
  };
}

// Connections sits below the express engine: the engine's adapters read connected accounts' access
// tokens from here, so this module cannot import them. The music-link checks it needs are handed over
// once at boot (`apps/api/src/wiring.ts`), the way the platform adapters register with the engine.
const checks = new Map<string, SoundCheck>();

/** Register (or replace) the music-link check of a platform; `wiring.ts` calls it at boot. */
export function registerSoundCheck(check: SoundCheck): void {
  checks.set(check.key, check);
}

/**
 * The registered music-link check of `platform`.
 * @throws Error when none is registered (a wiring mistake, not a user error)
 */
export function soundCheck(platform: string): SoundCheck {
  const check = checks.get(platform);
  if (!check) throw new Error(`connections: no music-link check registered for ${platform} (see wiring.ts)`);
  return check;
}
