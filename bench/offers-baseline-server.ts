/**
 * Baseline of the offer search benchmark (`offers.ts`), built like `admin-baseline-server.ts`: bare
 * Fastify + pg (pool of 20 like the product), no auth, no plugins, no logging, against the product's
 * embedded database after the generation. One route, one plain indexed query of about the size of the
 * wizard's answers: `GET /playlists`, 100 approved playlists newest first by the primary key,
 * {@link BASELINE_QUERY}.
 *
 * Started as a child by `offers.ts`. Env: BASELINE_PORT, BASELINE_DATABASE_URL.
 */
import { baselineSetup, serveBaseline } from './baseline-serve';

/** The baseline's one query (also printed in the report). */
export const BASELINE_QUERY =
  'select id, name, spotify_url, followers, tier_id, moods, language_ids from express_playlists where status_id = 1 order by id desc limit 100';

// Imported by offers.ts for the query's text: only serve when run as the script.
if (process.env.BASELINE_PORT) {
  const { port, pool, app } = baselineSetup();
  app.get('/playlists', async () => {
    const { rows } = await pool.query(BASELINE_QUERY);
    return { data: rows };
  });
  await serveBaseline(app, pool, port);
}
