import {
  type AutoScrapingJob,
  type AutoScrapingJobDetail,
  type AutoScrapingJobInput,
  type AutoScrapingRunStarted,
  isOpenScrapingStatus,
  type ScrapingDashboard,
  type ScrapingEvent,
  type ScrapingGenreCount,
  type ScrapingJobDetail,
  type ScrapingJobsCreated,
  type ScrapingLeadDetail,
  type ScrapingLeadList,
  type ScrapingRunLead,
  type ScrapingSentToList,
} from '@lm/contracts/scraping';
import { downloadFile, scrapingKeys, toSearchParams, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isRecordId, useChange, useGet, useRefreshArea } from './use-admin-api';

/** While a job or run moves, its screens ask again this often (ms): polling, see docs/decisions.md. */
export const LIVE_REFRESH_MS = 2_000;

/**
 * Shapes of the scraping answers: the zod schemas in `@lm/contracts/scraping` that the API serialises
 * its responses through, imported as types only.
 */
export type {
  AutoScrapingJob,
  AutoScrapingJobDetail,
  AutoScrapingRun,
  ScrapingDashboard,
  ScrapingEvent,
  ScrapingJob,
  ScrapingJobDetail,
  ScrapingKeyword,
  ScrapingLead,
  ScrapingLeadDetail,
  ScrapingRunLead,
} from '@lm/contracts/scraping';

/** Refresh every scraping query and list after a change. */
export function useRefreshScraping() {
  return useRefreshArea(scrapingKeys.all, 'admin/scraping/');
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
  return useGet<ScrapingGenreCount[]>(scrapingKeys.jobGenres(id), `admin/scraping/jobs/${id}/genres`, {
    refetchInterval: live ? LIVE_REFRESH_MS * 3 : false,
  });
}

/** `POST admin/scraping/jobs`: queue jobs from pasted links and/or a CSV file's text. */
export function useCreateScrapingJobs() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useChange(
    async (body: { links?: string[]; csv?: string }) =>
      (await api.post<ScrapingJobsCreated>('admin/scraping/jobs', body)).data,
    refresh,
  );
}

/** `POST admin/scraping/jobs/{id}/cancel`. */
export function useCancelScrapingJob() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useChange(
    async (id: number) => (await api.post<ScrapingJobDetail>(`admin/scraping/jobs/${id}/cancel`)).data,
    refresh,
  );
}

/** `POST admin/scraping/jobs/{id}/send-to-list` with the results' current filter (or chosen leads). */
export function useSendToList(jobId: number) {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useChange(
    async (body: { list_name: string; filter?: Record<string, string>; lead_ids?: number[] }) =>
      (await api.post<ScrapingSentToList>(`admin/scraping/jobs/${jobId}/send-to-list`, body)).data,
    refresh,
  );
}

/** Lead lists by name, for the "send to a list" picker. */
export function useLeadLists(enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.leadLists,
    queryFn: async () => (await api.get<ScrapingLeadList[]>('admin/scraping/lead-lists')).data,
    enabled,
  });
}

/** One lead with the source of each field. */
export function useLead(id: number | null) {
  return useGet<ScrapingLeadDetail>(scrapingKeys.lead(id ?? 0), `admin/scraping/leads/${id}`, {
    enabled: id !== null,
  });
}

/** `POST admin/scraping/leads/{id}/erase`. */
export function useEraseLead() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useChange(async (id: number) => api.post(`admin/scraping/leads/${id}/erase`), refresh);
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
      await downloadFile(
        api,
        `admin/scraping/jobs/${jobId}/export${query ? `?${query}` : ''}`,
        `scraping-job-${jobId}.csv`,
      );
    },
  });
}

/** One auto-scraping job, live while a run is running. */
export function useAutoJob(id: number) {
  return useGet<AutoScrapingJobDetail>(scrapingKeys.auto(id), `admin/scraping/auto-jobs/${id}`, {
    enabled: isRecordId(id),
    refetchInterval: (query) => (query.state.data?.running ? LIVE_REFRESH_MS : false),
  });
}

/** `POST` (new) or `PUT` (edit) of an auto-scraping job. */
export function useSaveAutoJob() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useChange(
    async ({ id, body }: { id?: number; body: AutoScrapingJobInput }) =>
      (id
        ? await api.put<AutoScrapingJob>(`admin/scraping/auto-jobs/${id}`, body)
        : await api.post<AutoScrapingJob>('admin/scraping/auto-jobs', body)
      ).data,
    refresh,
  );
}

/** `POST admin/scraping/auto-jobs/{id}/run`: run it once now. */
export function useRunAutoJob() {
  const { api } = useApi();
  const refresh = useRefreshScraping();
  return useChange(
    async (id: number) => (await api.post<AutoScrapingRunStarted>(`admin/scraping/auto-jobs/${id}/run`)).data,
    refresh,
  );
}

/** The leads a run added (first 100, most followed first) and how many in all. */
export function useRunLeads(runId: number | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: scrapingKeys.runLeads(runId),
    queryFn: async () => {
      const page = await api.list<ScrapingRunLead>(`admin/scraping/runs/${runId}/leads`, {
        query: { limit: 100 },
      });
      return { rows: page.data, total: page.pagination.total };
    },
    enabled: runId !== null,
  });
}

/** The scraping dashboard over the last `days` days. */
export function useScrapingDashboard(days: number) {
  return useGet<ScrapingDashboard>(scrapingKeys.dashboard(days), 'admin/scraping/dashboard', {
    query: { days },
    refetchInterval: LIVE_REFRESH_MS * 5,
  });
}
