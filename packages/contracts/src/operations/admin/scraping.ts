import type { OperationDocs } from '../types';
import { AUDITED, PAGED } from './common';

const SCRAPING =
  'Spec section 2 "Scraping module" (paths not shown by the spec: REST under `/api/admin/scraping`); issue 16 "Scraping".';
const LEAD_FILTER =
  '`filter[kind]` (artist or curator), `filter[genre]`, `filter[followers_min]` and `filter[followers_max]` (min not above max: 422 `scraping.followers_range`), `filter[new]` (1: new in this job)';

/** The scraping tool: playlist jobs, leads, auto-scraping by keyword, the event log and dashboard (issue 16). */
export const scrapingOperations: OperationDocs = {
  'GET /api/admin/scraping/jobs': {
    id: 'admin.scraping.listJobs',
    summary: 'List playlist scraping jobs',
    description: `Jobs newest first with playlist, status, source and counts; \`filter[status_id]\`, \`filter[source]\` (manual or auto), \`filter[auto_scraping_job_id]\`, \`filter[run_id]\`; \`q\` matches the playlist name, id or link. ${PAGED} ${SCRAPING} Screen /scraping-jobs/lists.`,
  },
  'POST /api/admin/scraping/jobs': {
    id: 'admin.scraping.createJobs',
    summary: 'Queue scraping jobs for Spotify playlists',
    description: `Body \`links\` (Spotify playlist links) and/or \`csv\` (at most 200,000 bytes); at most 50 playlists a request (422 \`scraping.too_many_playlists\`), at least one (422 \`scraping.links_required\`). One job per playlist, each with its pg-boss job in the same transaction; a playlist that already has an open job is answered under \`skipped\` with that job. Answers 201. ${AUDITED} ${SCRAPING}`,
    examples: {
      request: { links: ['https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M'] },
    },
  },
  'GET /api/admin/scraping/jobs/{id}': {
    id: 'admin.scraping.getJob',
    summary: 'Read a scraping job',
    description: `The job with its playlist, curator, status, counts and timings. ${SCRAPING} Screen /playlist/scraping/{scrapingId}.`,
  },
  'POST /api/admin/scraping/jobs/{id}/cancel': {
    id: 'admin.scraping.cancelJob',
    summary: 'Cancel a queued or running scraping job',
    description: `Work in flight rolls back and nothing more is read; the job's auto-scraping keyword stays unprocessed for the next run. 409 \`scraping.job_not_open\` when it already ended. Answers the job. ${AUDITED} ${SCRAPING}`,
    errors: [409],
  },
  'GET /api/admin/scraping/jobs/{id}/leads': {
    id: 'admin.scraping.listJobLeads',
    summary: 'List the leads a scraping job found',
    description: `Artists and curators found, most followed first (unknown counts last) unless \`order\` says otherwise. ${LEAD_FILTER}; \`q\` matches the name. ${PAGED} ${SCRAPING}`,
  },
  'GET /api/admin/scraping/jobs/{id}/genres': {
    id: 'admin.scraping.listJobGenres',
    summary: "List the genres of a job's leads",
    description: `Up to 100 genres with their lead counts, most frequent first (the results filter). ${SCRAPING}`,
  },
  'GET /api/admin/scraping/jobs/{id}/export': {
    id: 'admin.scraping.exportJobLeads',
    summary: "Download a job's leads as CSV",
    description: `\`text/csv\` (UTF-8 with a byte order mark) of the leads matching ${LEAD_FILTER}, most followed first, with the source and time of each address. An export copies people's data out of the product, so it is audited (\`scraping.export\`). ${SCRAPING}`,
  },
  'POST /api/admin/scraping/jobs/{id}/send-to-list': {
    id: 'admin.scraping.sendLeadsToList',
    summary: "Send a job's leads to a CRM lead list",
    description: `Body \`list_name\` (at most 100; the list is created when new) and either \`lead_ids\` (at most 1000, only this job's count) or \`filter\` (the leads filter). 422 \`scraping.nothing_to_send\` when nothing matches. Answers the list and how many were added. ${AUDITED} ${SCRAPING}; issue 17 "CRM".`,
  },
  'GET /api/admin/scraping/jobs/{id}/events': {
    id: 'admin.scraping.listJobEvents',
    summary: "List a scraping job's events",
    description: `The job's event log, newest first, translated into the reader's language. ${PAGED} ${SCRAPING} Screen /logs.`,
  },
  'GET /api/admin/scraping/events': {
    id: 'admin.scraping.listEvents',
    summary: 'List the scraping event log',
    description: `Events newest first, translated; \`filter[job_id]\`, \`filter[auto_scraping_job_id]\`, \`filter[run_id]\`, \`filter[level]\`. ${PAGED} ${SCRAPING} Screen /logs.`,
  },
  'GET /api/admin/scraping/lead-lists': {
    id: 'admin.scraping.listLeadLists',
    summary: 'List lead lists for the send-to-list picker',
    description: `Lead lists by name with their sizes; \`q\` (contains). ${SCRAPING}`,
  },
  'GET /api/admin/scraping/leads/{id}': {
    id: 'admin.scraping.getLead',
    summary: 'Read a lead with where each field was found',
    description: `One lead with the source and time of each field, the jobs that found it, its lists and the websites read for it. ${SCRAPING}`,
  },
  'POST /api/admin/scraping/leads/{id}/erase': {
    id: 'admin.scraping.eraseLead',
    summary: 'Erase a lead on request (GDPR article 17)',
    description: `In one transaction: the suppression hashes of its Spotify id and address are written (it is never found again), the lead is deleted with its job links, list memberships and website visits (jobs keep their counts); audited \`leads.erase\` with the id and kind only. ${SCRAPING}`,
  },
  'GET /api/admin/scraping/dashboard': {
    id: 'admin.scraping.getDashboard',
    summary: 'Read the scraping dashboard',
    description: `Query \`days\` (7 to 90, default 30): jobs by open status, leads in all, artists and curators found per UTC day (every day present) and the top genres. Spec section 2 "/scraping_dashboard (view.main.genres.tab.list)"; issue 16.`,
  },
  'GET /api/admin/scraping/auto-jobs': {
    id: 'admin.scraping.listAutoJobs',
    summary: 'List auto-scraping jobs',
    description: `Auto-scraping jobs by keyword (\`q\`: contains) with schedule, switch and counts. ${PAGED} ${SCRAPING} Screen /auto-scraping-jobs/lists.`,
  },
  'POST /api/admin/scraping/auto-jobs': {
    id: 'admin.scraping.createAutoJob',
    summary: 'Create an auto-scraping job for a keyword',
    description: `Body \`keyword\` (at most 100, unique in any case: 422 \`scraping.keyword_exists\`), \`cron\` (at least 60 minutes between runs), \`enabled\`, \`max_playlists\` (at most 50 playlists taken from the search per run). The schedule is created when enabled. Answers 201. ${AUDITED} ${SCRAPING}`,
    examples: { request: { keyword: 'lofi study', cron: '0 3 * * *', enabled: true, max_playlists: 20 } },
  },
  'GET /api/admin/scraping/auto-jobs/{id}': {
    id: 'admin.scraping.getAutoJob',
    summary: 'Read an auto-scraping job',
    description: `The job with its keyword counts (found, processed). ${SCRAPING} Screen /auto-scraping-jobs/view/{autoScrapeId}.`,
  },
  'PUT /api/admin/scraping/auto-jobs/{id}': {
    id: 'admin.scraping.updateAutoJob',
    summary: 'Change an auto-scraping job',
    description: `The same body and rules as creating; the schedule follows. Audited with what changed. ${AUDITED} ${SCRAPING}`,
  },
  'POST /api/admin/scraping/auto-jobs/{id}/run': {
    id: 'admin.scraping.runAutoJob',
    summary: 'Run an auto-scraping job now',
    description: `Starts a run whatever the schedule or the switch says; answers the run's id. 409 \`scraping.run_in_progress\` while a run of this job is running. ${AUDITED} ${SCRAPING}`,
    errors: [409],
  },
  'GET /api/admin/scraping/auto-jobs/{id}/runs': {
    id: 'admin.scraping.listAutoJobRuns',
    summary: "List an auto-scraping job's runs",
    description: `Runs newest first with their open jobs. ${PAGED} ${SCRAPING}`,
  },
  'GET /api/admin/scraping/auto-jobs/{id}/keywords': {
    id: 'admin.scraping.listAutoJobKeywords',
    summary: 'List the playlists an auto-scraping job found',
    description: `The scraping keywords (playlist url and processed flag). ${PAGED} ${SCRAPING} Spec section 3 "Scraping keyword".`,
  },
  'GET /api/admin/scraping/runs/{id}/leads': {
    id: 'admin.scraping.listRunLeads',
    summary: 'List the leads an auto-scraping run added',
    description: `The leads new in one of the run's jobs. ${PAGED} ${SCRAPING}`,
  },
};
