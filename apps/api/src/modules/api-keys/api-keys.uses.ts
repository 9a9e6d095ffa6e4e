import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeyUses } from '../../db/schema';
import type { AppDeps } from '../../platform/app';

/** The queue of the nightly prune of the API key request log. */
export const API_KEY_USES_PRUNE_QUEUE = 'api-keys.prune-uses';

/** One request made with an API key, as the access hook saw it after the answer. */
export interface KeyUse {
  apiKeyId: number;
  method: string;
  /** The route's pattern (`/api/express/artist/show/campaign/:id`), never the address with its values. */
  route: string;
  status: number;
  ip: string;
  /** When it was answered. */
  at: Date;
}

/**
 * Record a request made with an API key (issue 34: "every use audited"). Called after the answer is
 * sent, so the caller never waits for it.
 */
export async function recordKeyUse(database: Database, use: KeyUse): Promise<void> {
  await database.db.insert(apiKeyUses).values({
    apiKeyId: use.apiKeyId,
    method: use.method.slice(0, 10),
    route: use.route.slice(0, 200),
    status: use.status,
    ip: use.ip.slice(0, 64),
    at: use.at,
  });
}

/**
 * Drop the request log older than `API_KEY_USE_KEEP_DAYS` days (safe to run twice).
 * @returns how many rows were removed
 */
export async function pruneKeyUses(deps: Pick<AppDeps, 'database' | 'clock' | 'config'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.config.API_KEY_USE_KEEP_DAYS * 86_400_000);
  const result = await deps.database.db.execute(
    sql`delete from ${apiKeyUses} where ${apiKeyUses.at} < ${cutoff}`,
  );
  return result.rowCount ?? 0;
}
