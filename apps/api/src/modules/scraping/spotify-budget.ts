import { lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { scrapingSpotifyBudget, scrapingSpotifyPause } from './scraping.schema';

/** The answer of {@link SpotifyBudget.tryTake}: taken, or how long to wait before asking again. */
export type BudgetAnswer = { ok: true } | { ok: false; waitSeconds: number; reason: 'budget' | 'paused' };

/**
 * The Spotify call budget of the scraping tool, a per-minute budget shared by every worker of every
 * instance: kept in PostgreSQL, one row per UTC minute of the product's clock, plus a pause written
 * when Spotify answers 429 with Retry-After. Nothing waits while
 * holding anything: a caller that gets no budget defers its work (a pg-boss job started later).
 */
export interface SpotifyBudget {
  readonly perMinute: number;
  /**
   * Take `calls` calls from this minute's budget, or none: refused while a pause is on or when the
   * minute would go over `perMinute`.
   */
  tryTake(calls: number, db?: Db): Promise<BudgetAnswer>;
  /** Nobody calls Spotify for `seconds` from now (a 429's Retry-After); a longer pause already set stays. */
  pause(seconds: number, db?: Db): Promise<void>;
  /** Drop the counts of minutes older than an hour. */
  prune(): Promise<void>;
}

/**
 * The budget on `database` with `perMinute` calls a minute on `clock`.
 * @param perMinute calls a minute, at least 1 (SPOTIFY_CALLS_PER_MINUTE)
 */
export function createSpotifyBudget(database: Database, perMinute: number, clock: Clock): SpotifyBudget {
  const budget = scrapingSpotifyBudget;
  const pauses = scrapingSpotifyPause;
  return {
    perMinute,
    async tryTake(calls, db = database.db) {
      const now = clock.now();
      const window = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
      if (calls <= 0) return { ok: true };
      if (calls > perMinute)
        throw new RangeError(`${calls} calls exceed the budget of ${perMinute} a minute`);
      const [pause] = await db
        .select({ until: pauses.until })
        .from(pauses)
        .where(sql`${pauses.id} = 1 and ${pauses.until} > ${now.toISOString()}`);
      if (pause) {
        return {
          ok: false,
          reason: 'paused',
          waitSeconds: Math.max(1, Math.ceil((pause.until.getTime() - now.getTime()) / 1000)),
        };
      }
      const taken = await db
        .insert(budget)
        .values({ windowStart: window, used: calls })
        .onConflictDoUpdate({
          target: budget.windowStart,
          set: { used: sql`${budget.used} + excluded.used` },
          setWhere: sql`${budget.used} + excluded.used <= ${perMinute}`,
        })
        .returning({ used: budget.used });
      if (taken.length > 0) return { ok: true };
      const nextWindow = window.getTime() + 60_000;
      return {
        ok: false,
        reason: 'budget',
        waitSeconds: Math.max(1, Math.ceil((nextWindow - now.getTime()) / 1000)),
      };
    },
    async pause(seconds, db = database.db) {
      const until = new Date(clock.now().getTime() + Math.max(1, seconds) * 1000);
      await db
        .insert(pauses)
        .values({ id: 1, until })
        .onConflictDoUpdate({
          target: pauses.id,
          set: { until: sql`greatest(${pauses.until}, excluded.until)` },
        });
    },
    async prune() {
      await database.db
        .delete(budget)
        .where(lt(budget.windowStart, new Date(clock.now().getTime() - 3_600_000)));
    },
  };
}
