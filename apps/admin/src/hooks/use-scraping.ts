import { isOpenScrapingStatus } from '@lm/contracts/scraping';
import { scrapingKeys, toSearchParams, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** While a job or run moves, its screens ask again this often (ms): polling, see docs/decisions.md. */
export const LIVE_REFRESH_MS = 2_000;

/** A scraping job (`GET admin/scraping/jobs`). */
export interface ScrapingJob {
  id: number;
  playlist_id: string;
  playlist_url: string;
  playlist_name: string | null;
  playlist_image_url: string | null;
  playlist_followers: number | null;
  status_id: number;
  source: 'manual' | 'auto';
  items_total: number | null;
  items_done: number;
  progress: number;
  artists_found: number;
  artists_new: number;
  curators_new: number;
  error: string | null;
  auto_scraping_job_id: number | null;
  auto_run_id: number | null;
  created_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A job with its curator (`GET admin/scraping/jobs/{id}`). */
export interface ScrapingJobDetail extends ScrapingJob {
  keyword: string | null;
  curator: {
    id: number;
    name: string;
    spotify_id: string;
    spotify_url: string;
    email: string | null;
    website: string | null;
  } | null;
}

/** A lead of a job's results. */
export interface ScrapingLead {
  id: number;
  kind: 'artist' | 'curator';
  spotify_id: string;
  name: string;
  followers: number | null;
  popularity: number | null;
  genres: string[];
  image_url: string | null;
  spotify_url: string;
  links: Record<string, string>;
  email: string | null;
  is_new: boolean;
  tracks: number;
  created_at: string;
}

/** A lead with where each field came from (`GET admin/scraping/leads/{id}`). */
export interface ScrapingLeadDetail extends ScrapingLead {
  provenance: Record<string, { source: string; found_at: string }>;
  jobs: { id: number; playlist_name: string | null; is_new: boolean; created_at: string }[];
  lists: { id: number; name: string }[];
  websites: { url: string; status: string; visited_at: string | null }[];
}

/** An entry of the scraping event log, already in the reader's language. */
export interface ScrapingEvent {
  id: number;
  job_id: number | null;
  playlist_name: string | null;
  auto_scraping_job_id: number | null;
  keyword: string | null;
  run_id: number | null;
  level: 'info' | 'warning' | 'error';
  event: string;
  message: string;
  created_at: string;
}

/** An auto-scraping job (`GET admin/scraping/auto-jobs`). */
export interface AutoScrapingJob {
  id: number;
  keyword: string;
  cron: string;
  enabled: boolean;
  max_playlists: number;
  last_run_at: string | null;
  next_run_at: string | null;
  runs: number;
  running: boolean;
  artists_new: number;
  curators_new: number;
  created_at: string;
}

export interface AutoScrapingJobDetail extends AutoScrapingJob {
  playlists_found: number;
  playlists_processed: number;
}

/** A run of an auto-scraping job. */
export interface AutoScrapingRun {
  id: number;
  trigger: 'schedule' | 'manual';
  slot: string | null;
  status_id: number;
  playlists_found: number;
  playlists_new: number;
  jobs_created: number;
  jobs_open: number;
  artists_new: number;
  curators_new: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

/** A playlist an auto job found (spec "scraping keyword": url, processed). */
export interface ScrapingKeyword {
  id: number;
  playlist_id: string;
  url: string;
  name: string | null;
  processed: boolean;
  processed_at: string | null;
  found_run_id: number | null;
  job_id: number | null;
  created_at: string;
}

/** The dashboard's figures. */
export interface ScrapingDashboard {
  running: number;
  queued: number;
  artists: number;
  curators: number;
  per_day: { day: string; artists: number; curators: number }[];
  top_genres: { genre: string; count: number }[];
}

/** Refresh every scraping query and list after a change. */
export function useRefreshScraping() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: scrapingKeys.all }),
        client.invalidateQueries({
          predicate: (q) => q.queryKey[0] === 'list' && String(q.queryKey[1]).startsWith('admin/scraping/'),
        }),
      ]),
    [client],
  );
}

/** One job, asked again every LIVE_REFRESH_MS while it is queued or running. */
export function useScrapingJob(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.job(id),
    queryFn: async () => (await api.get<ScrapingJobDetail>(`admin/scraping/jobs/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) =>
      query.state.data && isOpenScrapingStatus(query.state.data.status_id) ? LIVE_REFRESH_MS : false,
  });
}

/** The latest events of a job (newest first), live while the job moves. */
export function useJobEvents(id: number, live: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.jobEvents(id),
    queryFn: async () =>
      (await api.list<ScrapingEvent>(`admin/scraping/jobs/${id}/events`, { query: { limit: 50 } })).data,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

/** The genres of a job's leads, for the results filter. */
export function useJobGenres(id: number, live: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.jobGenres(id),
    queryFn: async () =>
      (await api.get<{ genre: string; count: number }[]>(`admin/scraping/jobs/${id}/genres`)).data,
    refetchInterval: live ? LIVE_REFRESH_MS * 3 : false,
  });
}

/** `POST admin/scraping/jobs`: queue jobs from pasted links and/or a CSV file's text. */
export function useCreateScrapingJobs() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useMutation({
    mutationFn: async (body: { links?: string[]; csv?: string }) =>
      (
        await api.post<{ created: { id: number; playlist_id: string }[]; skipped: { id: number }[] }>(
          'admin/scraping/jobs',
          body,
        )
      ).data,
    onSuccess: refresh,
  });
}

/** `POST admin/scraping/jobs/{id}/cancel`. */
export function useCancelScrapingJob() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useMutation({
    mutationFn: async (id: number) => (await api.post(`admin/scraping/jobs/${id}/cancel`)).data,
    onSuccess: refresh,
  });
}

/** `POST admin/scraping/jobs/{id}/send-to-list` with the results' current filter (or chosen leads). */
export function useSendToList(jobId: number) {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useMutation({
    mutationFn: async (body: { list_name: string; filter?: Record<string, string>; lead_ids?: number[] }) =>
      (await api.post(`admin/scraping/jobs/${jobId}/send-to-list`, body)).data,
    onSuccess: refresh,
  });
}

/** Lead lists by name, for the "send to a list" picker. */
export function useLeadLists(enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.leadLists,
    queryFn: async () =>
      (await api.get<{ id: number; name: string; members: number }[]>('admin/scraping/lead-lists')).data,
    enabled,
  });
}

/** One lead with the source of each field. */
export function useLead(id: number | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.lead(id ?? 0),
    queryFn: async () => (await api.get<ScrapingLeadDetail>(`admin/scraping/leads/${id}`)).data,
    enabled: id !== null,
  });
}

/** `POST admin/scraping/leads/{id}/erase`. */
export function useEraseLead() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useMutation({
    mutationFn: async (id: number) => api.post(`admin/scraping/leads/${id}/erase`),
    onSuccess: refresh,
  });
}

/**
 * Download a job's results as CSV (`GET admin/scraping/jobs/{id}/export` with the filter): fetched
 * with the session's token, then saved by the browser.
 */
export function useExportCsv(jobId: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (filter: Record<string, string>) => {
      const query = toSearchParams(
        Object.fromEntries(Object.entries(filter).map(([k, v]) => [`filter[${k}]`, v])),
      ).toString();
      const response = await fetch(
        `${api.options.baseUrl}/admin/scraping/jobs/${jobId}/export${query ? `?${query}` : ''}`,
        {
          headers: {
            Authorization: `Bearer ${api.token() ?? ''}`,
            'X-Lang': api.options.getLanguage(),
          },
        },
      );
      if (!response.ok) throw new Error(`export failed: ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `scraping-job-${jobId}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
  });
}

/** One auto-scraping job, live while a run is running. */
export function useAutoJob(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.auto(id),
    queryFn: async () => (await api.get<AutoScrapingJobDetail>(`admin/scraping/auto-jobs/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (query.state.data?.running ? LIVE_REFRESH_MS : false),
  });
}

/** `POST` (new) or `PUT` (edit) of an auto-scraping job. */
export function useSaveAutoJob() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      (id
        ? await api.put<AutoScrapingJob>(`admin/scraping/auto-jobs/${id}`, body)
        : await api.post<AutoScrapingJob>('admin/scraping/auto-jobs', body)
      ).data,
    onSuccess: refresh,
  });
}

/** `POST admin/scraping/auto-jobs/{id}/run`: run it once now. */
export function useRunAutoJob() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post<{ run_id: number }>(`admin/scraping/auto-jobs/${id}/run`)).data,
    onSuccess: refresh,
  });
}

/** The leads a run added (first 100, most followed first) and how many in all. */
export function useRunLeads(runId: number | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.runLeads(runId),
    queryFn: async () => {
      const page = await api.list<ScrapingLead & { job_id: number }>(`admin/scraping/runs/${runId}/leads`, {
        query: { limit: 100 },
      });
      return { rows: page.data, total: page.pagination.total };
    },
    enabled: runId !== null,
  });
}

/** The scraping dashboard over the last `days` days. */
export function useScrapingDashboard(days: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.dashboard(days),
    queryFn: async () =>
      (await api.get<ScrapingDashboard>('admin/scraping/dashboard', { query: { days } })).data,
    refetchInterval: LIVE_REFRESH_MS * 5,
  });
}
