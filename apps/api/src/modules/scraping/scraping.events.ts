import type { Db } from '../../db/client';
import { scrapingEvents } from './scraping.schema';

/** An entry of the scraping event log. */
export interface ScrapingEvent {
  jobId?: number | null;
  autoScrapingJobId?: number | null;
  runId?: number | null;
  level: 'info' | 'warning' | 'error';
  /** A `scraping.event.*` key of the shared catalog, translated when the log is read. */
  key: string;
  params?: Record<string, string | number>;
}

/**
 * Append an event to the scraping log: stored as a
 * message key with its parameters so every reader sees it in their own language. Pass the
 * transaction's `db` when the event belongs to a change, so it commits (or not) with it.
 */
export async function recordEvent(db: Db, event: ScrapingEvent): Promise<void> {
  await db.insert(scrapingEvents).values({
    jobId: event.jobId ?? null,
    autoScrapingJobId: event.autoScrapingJobId ?? null,
    runId: event.runId ?? null,
    level: event.level,
    eventKey: event.key,
    params: event.params ?? null,
  });
}
