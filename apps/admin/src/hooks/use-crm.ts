import type {
  ArtistCampaignSend,
  ArtistsSynced,
  CampaignAudience,
  CampaignDetail,
  CampaignSegment,
  ConsentState,
  CrmArtistProfile,
  CrmLeadList,
  CsvImportField,
  CsvImportReport,
  CsvPreview,
  LeadFilter,
  LeadListCreated,
  RenderedTemplate,
  SavedTemplate,
  SegmentCounted,
  SegmentOptions,
  Sender,
  SenderDomain,
  SuppressionReason,
  SuppressionSummary,
  Template,
  TemplateSummary,
} from '@lm/contracts/crm';
import { crmKeys, downloadFile, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isRecordId, useChange, useGet, useRefreshArea } from './use-admin-api';

/**
 * Shapes of the CRM answers: the zod schemas in `@lm/contracts/crm` that the API serialises its
 * responses through, imported as types only (no zod in the back-office's bundle).
 */
export type {
  ArtistCampaignSend,
  Campaign,
  CampaignCounts,
  CampaignDetail,
  CrmArtistProfile,
  CrmLead,
  CrmLeadList,
  CsvImportReport,
  DnsCheckResult,
  RenderedTemplate,
  SavedTemplate,
  Sender,
  SenderDomain,
  SuppressionSummary,
  Template,
  TemplateSummary,
} from '@lm/contracts/crm';

/** Refresh every CRM query and list after a change. */
export function useRefreshCrm() {
  return useRefreshArea(crmKeys.all, 'admin/crm/');
}

/** One artist's profile. */
export function useArtistProfile(id: number) {
  return useGet<CrmArtistProfile>(crmKeys.artist(id), `admin/crm/artists/${id}`, { enabled: isRecordId(id) });
}

/** The campaigns sent to an artist and their engagement (the profile's campaigns section). */
export function useArtistCampaigns(id: number) {
  return useGet<ArtistCampaignSend[]>(crmKeys.artistCampaigns(id), `admin/crm/artists/${id}/campaigns`, {
    enabled: isRecordId(id),
  });
}

/** `POST admin/crm/lists`: a static list or a saved filter. */
export function useCreateLeadList() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useChange(
    async (body: { type: 'static'; name: string } | { type: 'filter'; name: string; filter: LeadFilter }) =>
      (await api.post<LeadListCreated>('admin/crm/lists', body)).data,
    refresh,
  );
}

/** `DELETE admin/crm/lists/{id}`. */
export function useDeleteLeadList() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useChange(async (id: number) => api.delete(`admin/crm/lists/${id}`), refresh);
}

/** `POST admin/crm/imports/preview`: the file's columns and first rows. */
export function useCsvPreview() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (csv: string) =>
      (await api.post<CsvPreview>('admin/crm/imports/preview', { csv })).data,
  });
}

/** `POST admin/crm/imports`. */
export function useCsvImport() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useChange(
    async (body: {
      csv: string;
      mapping: Partial<Record<CsvImportField, string>>;
      list_id?: number;
      list_name?: string;
      consent: 'unconfirmed' | 'confirmed';
      first_name_from_name?: boolean;
    }) => (await api.post<CsvImportReport>('admin/crm/imports', body)).data,
    refresh,
  );
}

/** `PUT admin/crm/addresses/consent`. */
export function useSetConsent() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useChange(
    async (body: { email: string; consent: ConsentState }) => api.put('admin/crm/addresses/consent', body),
    refresh,
  );
}

/** `POST admin/crm/suppressions`. */
export function useSuppress() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useChange(
    async (body: { email: string; reason: SuppressionReason }) => api.post('admin/crm/suppressions', body),
    refresh,
  );
}

/** `GET admin/crm/suppressions`: counts per reason, and whether `email` is suppressed. */
export function useSuppressions(email: string) {
  return useGet<SuppressionSummary>(crmKeys.suppressions(email), 'admin/crm/suppressions', {
    query: email ? { email } : {},
  });
}

/** `POST admin/crm/artists/sync-users`. */
export function useSyncRegisteredArtists() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useChange(async () => (await api.post<ArtistsSynced>('admin/crm/artists/sync-users')).data, refresh);
}

/** Download a list's CSV (`GET admin/crm/lists/{id}/export`) in the reader's language. */
export function useExportList() {
  const { api } = useApi();
  return useMutation({
    mutationFn: (id: number) => downloadFile(api, `admin/crm/lists/${id}/export`, `leads-list-${id}.csv`),
  });
}

/** Sender IDs. */
export function useSenderDomains() {
  return useGet<SenderDomain[]>(crmKeys.senderDomains, 'admin/crm/sender-domains');
}

/** Senders. */
export function useSenders() {
  return useGet<Sender[]>(crmKeys.senders, 'admin/crm/senders');
}

/** Changes of senders and sender IDs; each refreshes both lists. */
export function useSenderActions() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  const options = { onSuccess: refresh };
  return {
    addDomain: useMutation({
      mutationFn: async (domain: string) => api.post('admin/crm/sender-domains', { domain }),
      ...options,
    }),
    checkDomain: useMutation({
      mutationFn: async (id: number) => api.post(`admin/crm/sender-domains/${id}/check`),
      ...options,
    }),
    deleteDomain: useMutation({
      mutationFn: async (id: number) => api.delete(`admin/crm/sender-domains/${id}`),
      ...options,
    }),
    publishSandbox: useMutation({
      mutationFn: async (id: number) => api.post(`sandbox/dns/publish/${id}`),
      ...options,
    }),
    addSender: useMutation({
      mutationFn: async (body: { email: string; name: string; rate_per_minute?: number }) =>
        (await api.post<Sender>('admin/crm/senders', body)).data,
      ...options,
    }),
    confirm: useMutation({
      mutationFn: async ({ id, code }: { id: number; code: string }) =>
        api.post(`admin/crm/senders/${id}/confirm`, { code }),
      ...options,
    }),
    resend: useMutation({
      mutationFn: async (id: number) => api.post(`admin/crm/senders/${id}/resend`),
      ...options,
    }),
    deleteSender: useMutation({
      mutationFn: async (id: number) => api.delete(`admin/crm/senders/${id}`),
      ...options,
    }),
  };
}

/** One template (for the editor). */
export function useTemplate(id: number | null) {
  return useGet<Template>(crmKeys.template(id), `admin/crm/templates/${id}`, {
    enabled: id !== null && Number.isInteger(id) && id > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A saved template written with sample values. */
export function useTemplatePreview(id: number | null) {
  return useGet<RenderedTemplate>(crmKeys.templatePreview(id), `admin/crm/templates/${id}/preview`, {
    enabled: id !== null,
  });
}

/** Create, update, delete and test-send templates. */
export function useTemplateActions() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return {
    save: useMutation({
      mutationFn: async ({
        id,
        ...body
      }: {
        id?: number;
        name: string;
        subject: string;
        mjml: string;
        design: Record<string, unknown> | null;
      }) =>
        (id
          ? await api.put<SavedTemplate>(`admin/crm/templates/${id}`, body)
          : await api.post<SavedTemplate>('admin/crm/templates', body)
        ).data,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => api.delete(`admin/crm/templates/${id}`),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: async ({ id, ...body }: { id: number; email: string; sender_id?: number }) =>
        api.post(`admin/crm/templates/${id}/test`, body),
    }),
    preview: useMutation({
      mutationFn: async (body: { subject: string; mjml: string }) =>
        (await api.post<RenderedTemplate>('admin/crm/templates/preview', body)).data,
    }),
  };
}

/** One campaign, asked again every 3 s while it is sending, every 10 s after (opens and clicks keep coming). */
export function useCampaign(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.campaign(id),
    queryFn: async () => (await api.get<CampaignDetail>(`admin/crm/campaigns/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (q) =>
      q.state.data && ['sending', 'scheduled'].includes(q.state.data.status) ? 3_000 : 10_000,
  });
}

/**
 * Who "Send now" would write to (`GET admin/crm/campaigns/{id}/audience`), asked when the
 * confirmation opens: the number of recipients and the tags some of them have no value for.
 */
export function useCampaignAudience(id: number, enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.campaignAudience(id),
    queryFn: async () => (await api.get<CampaignAudience>(`admin/crm/campaigns/${id}/audience`)).data,
    enabled,
    staleTime: 0,
  });
}

/**
 * The genres, countries and sources a segment can pick in list `listId`, each with its number of
 * sendable addresses (`GET admin/crm/lists/{id}/segment-options`); idle while no list is chosen.
 */
export function useSegmentOptions(listId: number | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.segmentOptions(listId),
    queryFn: async () =>
      (await api.get<SegmentOptions>(`admin/crm/lists/${listId ?? 0}/segment-options`)).data,
    enabled: listId !== null,
  });
}

/**
 * How many addresses list `listId` narrowed by `segment` reaches now (`POST admin/crm/segments/count`,
 * the query that queues the messages). The caller debounces `segment`; the previous number stays
 * shown while the next one is asked. Idle while no list is chosen or `enabled` is false (an invalid
 * condition is on screen).
 */
export function useSegmentCount(listId: number | null, segment: CampaignSegment, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.segmentCount(listId, segment),
    queryFn: async () =>
      (await api.post<SegmentCounted>('admin/crm/segments/count', { list_id: listId, segment })).data,
    enabled: listId !== null && enabled,
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}

/** Create, start, pause, resume and cancel campaigns. */
export function useCampaignActions() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return {
    create: useMutation({
      mutationFn: async (body: {
        name: string;
        list_id: number;
        template_id: number;
        sender_id: number;
        /** Conditions narrowing the list; absent for the whole list. */
        segment?: CampaignSegment;
      }) => (await api.post<CampaignDetail>('admin/crm/campaigns', body)).data,
      onSuccess: refresh,
    }),
    start: useMutation({
      mutationFn: async ({
        id,
        scheduled_at,
        time_zone,
        recipients,
      }: {
        id: number;
        scheduled_at?: string;
        /** The IANA zone the schedule was chosen in (shown beside it). */
        time_zone?: string;
        /** The number of recipients the staff member confirmed (the server refuses another). */
        recipients?: number;
      }) =>
        api.post(`admin/crm/campaigns/${id}/start`, {
          ...(scheduled_at ? { scheduled_at, time_zone } : {}),
          ...(recipients !== undefined ? { recipients } : {}),
        }),
      onSuccess: refresh,
    }),
    /** Send the campaign to the signed-in staff member's own address (issue 36 item 1). */
    test: useMutation({
      mutationFn: async (id: number) =>
        (await api.post<{ email: string }>(`admin/crm/campaigns/${id}/test`)).data,
    }),
    /** Move a scheduled campaign that has not started to another time and zone. */
    reschedule: useMutation({
      mutationFn: async ({ id, ...body }: { id: number; scheduled_at: string; time_zone: string }) =>
        api.post(`admin/crm/campaigns/${id}/reschedule`, body),
      onSuccess: refresh,
    }),
    /** Take a scheduled campaign back to draft. */
    unschedule: useMutation({
      mutationFn: async (id: number) => api.post(`admin/crm/campaigns/${id}/unschedule`),
      onSuccess: refresh,
    }),
    pause: useMutation({
      mutationFn: async (id: number) => api.post(`admin/crm/campaigns/${id}/pause`),
      onSuccess: refresh,
    }),
    resume: useMutation({
      mutationFn: async (id: number) => api.post(`admin/crm/campaigns/${id}/resume`),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: async (id: number) => api.post(`admin/crm/campaigns/${id}/cancel`),
      onSuccess: refresh,
    }),
  };
}

/** Every leads list and template, for the campaign form's selects (first 100 each). */
export function useCampaignChoices(enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.campaignChoices,
    queryFn: async () => {
      const [lists, templates] = await Promise.all([
        api.list<CrmLeadList>('admin/crm/lists', { query: { limit: 100 } }),
        api.list<TemplateSummary>('admin/crm/templates', { query: { limit: 100 } }),
      ]);
      return { lists: lists.data, templates: templates.data };
    },
    enabled,
  });
}
