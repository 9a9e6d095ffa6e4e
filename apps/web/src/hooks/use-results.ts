import type {
  CampaignReport,
  ResultGroup,
  resultGroupRowSchema,
  resultTrackSchema,
  StatUpload,
} from '@lm/contracts/results';
import { downloadFile, resultsKeys, useApi } from '@lm/ui';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

/**
 * The artist's results (issue "Results"): their Spotify for Artists uploads and the tracks they may
 * upload a song timeline for, a campaign's report, "what worked for me" and the downloads. Shapes
 * from `@lm/contracts/results`, imported as types only.
 */
export type { StatUpload } from '@lm/contracts/results';
export type ResultTrack = z.infer<typeof resultTrackSchema>;
export type ResultGroupRow = z.infer<typeof resultGroupRowSchema>;

/** Uploads shown per page. */
export const UPLOADS_PAGE_SIZE = 25;

/** `GET results/tracks`: the tracks of the artist's Spotify campaigns, with the days stored for each. */
export function useResultTracks() {
  const { api } = useApi();
  return useQuery({
    queryKey: resultsKeys.tracks,
    queryFn: async () => (await api.get<ResultTrack[]>('results/tracks')).data,
  });
}

/** `GET results/uploads`: one page of the artist's uploads, newest first. */
export function useStatUploads(page: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: resultsKeys.uploads(page),
    queryFn: () => api.list<StatUpload>('results/uploads', { query: { page, limit: UPLOADS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST results/uploads` (multipart `file`, `track_id` for a song timeline): the stored upload and
 * whether it is new. Silent: the page shows the server's refusal (line and column) under the drop zone.
 */
export function useUploadStats() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async ({ file, trackId }: { file: File; trackId: string | null }) => {
      const form = new FormData();
      if (trackId) form.append('track_id', trackId);
      form.append('file', file);
      const answer = await api.post<StatUpload>('results/uploads', form, { silent: true });
      return { upload: answer.data, created: (answer as { created?: boolean }).created === true };
    },
    meta: { invalidates: [resultsKeys.all] },
  });
}

/** `DELETE results/uploads/{id}`: the upload and the days still its own. */
export function useDeleteStatUpload() {
  const { api } = useApi();
  return useMutation({
    mutationFn: (id: number) => api.delete(`results/uploads/${id}`),
    meta: { invalidates: [resultsKeys.all] },
  });
}

/**
 * `GET results/campaigns/{id}`: what one of the artist's campaigns did (issue "Results"). Silent: a
 * reader the API does not let in (a seller on the same page) simply gets no report.
 * @param enabled false for readers who are not the campaign's artist
 */
export function useCampaignReport(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: resultsKeys.campaign(id),
    queryFn: async () => (await api.get<CampaignReport>(`results/campaigns/${id}`, { silent: true })).data,
    enabled: enabled && Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** `GET results/summary?group=`: "what worked for me", the artist's campaigns added up by `group`. */
export function useResultSummary(group: ResultGroup) {
  const { api } = useApi();
  return useQuery({
    queryKey: resultsKeys.summary(group),
    queryFn: async () => (await api.get<ResultGroupRow[]>('results/summary', { query: { group } })).data,
  });
}

/** Download the artist's results: `results/export.csv` or `results/report.pdf`. */
export function useDownloadResults() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (kind: 'csv' | 'pdf') =>
      downloadFile(
        api,
        kind === 'csv' ? 'results/export.csv' : 'results/report.pdf',
        kind === 'csv' ? 'campaign-results.csv' : 'campaign-results.pdf',
      ),
  });
}
