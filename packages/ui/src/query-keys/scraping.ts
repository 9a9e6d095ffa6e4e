/** Keys of the back-office's lead scraping; `all` refreshes every one after a scraping change. */
export const scrapingKeys = {
  all: ['scraping'] as const,
  job: (id: number) => ['scraping', 'job', id] as const,
  jobEvents: (id: number) => ['scraping', 'job', id, 'events'] as const,
  jobGenres: (id: number) => ['scraping', 'job', id, 'genres'] as const,
  auto: (id: number) => ['scraping', 'auto', id] as const,
  runLeads: (runId: number | null) => ['scraping', 'run', runId, 'leads'] as const,
  lead: (id: number) => ['scraping', 'lead', id] as const,
  leadLists: ['scraping', 'lead-lists'] as const,
  dashboard: (days: number) => ['scraping', 'dashboard', days] as const,
};
