import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../config/env';
import { createDatabase } from '../../db/client';
import { createJobs } from '../../jobs/jobs';
import { systemClock } from '../../platform/clock';
import { createProviders } from '../../providers/providers';
import { processScrapingJob } from './scraping.worker';

/**
 * A scraping worker for the resumption test (scraping-resume.test.ts), in its own process so the test
 * can kill it with SIGKILL in the middle of a step: usage `tsx scraping-kill.child.ts <database url>
 * <job id>`. Reading artists is slow (300 ms, inside the step's transaction) and says `IN_STEP` on
 * stdout when it starts, so the test knows a step is in flight when it kills.
 */
const [url, jobArg] = process.argv.slice(2);
if (!url || !jobArg) throw new Error('usage: scraping-kill.child.ts <database url> <job id>');
const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  SPOTIFY_CALLS_PER_MINUTE: '100000',
});
const database = createDatabase(url, 4);
const jobs = createJobs(url);
await jobs.start();
const providers = createProviders(config, database);
const sandbox = providers.spotify;
const spotify = {
  ...sandbox,
  getArtists: async (ids: readonly string[]) => {
    process.stdout.write('IN_STEP\n');
    await sleep(300);
    return sandbox.getArtists(ids);
  },
};
const deps = { config, database, jobs, providers: { ...providers, spotify }, clock: systemClock };
process.stdout.write('READY\n');
for (;;) await processScrapingJob(deps, Number(jobArg));
