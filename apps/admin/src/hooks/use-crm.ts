import type {
  CampaignAudience,
  ConsentState,
  CsvImportField,
  LeadFilter,
  SuppressionReason,
} from '@lm/contracts/crm';
import { crmKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** A lead as the CRM lists it (`GET admin/crm/artists`, `admin/crm/lists/{id}/leads`). */
export interface CrmLead {
  id: number;
  kind: 'artist' | 'curator';
  origin: 'scraping' | 'csv' | 'user';
  name: string;
  email: string | null;
  spotify_id: string | null;
  spotify_url: string | null;
  image_url: string | null;
  followers: number | null;
  genres: string[];
  user_id: number | null;
  consent: ConsentState | null;
  suppressed: boolean;
  created_at: string;
}

/** An artist's profile (`GET admin/crm/artists/{id}`). */
export interface CrmArtistProfile extends CrmLead {
  popularity: number | null;
  links: Record<string, string>;
  provenance: Record<string, { source: string; found_at: string }>;
  first_name: string | null;
  language: string | null;
  consent_source: string | null;
  consent_at: string | null;
  lists: { id: number; name: string }[];
}

/** A leads list (`GET admin/crm/lists`). */
export interface CrmLeadList {
  id: number;
  name: string;
  type: 'static' | 'filter';
  filter: LeadFilter | null;
  leads: number;
  addresses: number;
  created_at: string;
}

/** What an import did (`POST admin/crm/imports`). */
export interface CsvImportReport {
  rows: number;
  created: number;
  updated: number;
  added_to_list: number;
  list_id: number;
  list_name: string;
  refused_count: number;
  refused: { line: number; reason: string; value: string }[];
}

/** Refresh every CRM query and list after a change. */
export function useRefreshCrm() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: crmKeys.all }),
        client.invalidateQueries({
          predicate: (q) => q.queryKey[0] === 'list' && String(q.queryKey[1]).startsWith('admin/crm/'),
        }),
      ]),
    [client],
  );
}

/** One artist's profile. */
export function useArtistProfile(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.artist(id),
    queryFn: async () => (await api.get<CrmArtistProfile>(`admin/crm/artists/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** One campaign message sent to an artist, with what its recipient did (`GET admin/crm/artists/{id}/campaigns`). */
export interface ArtistCampaignSend {
  id: number;
  name: string;
  status: 'pending' | 'sending' | 'sent' | 'skipped' | 'failed';
  sent_at: string | null;
  opened_at: string | null;
  clicked_at: string | null;
  unsubscribed_at: string | null;
}

/** The campaigns sent to an artist and their engagement (the profile's campaigns section). */
export function useArtistCampaigns(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.artistCampaigns(id),
    queryFn: async () => (await api.get<ArtistCampaignSend[]>(`admin/crm/artists/${id}/campaigns`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** `POST admin/crm/lists`: a static list or a saved filter. */
export function useCreateLeadList() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useMutation({
    mutationFn: async (
      body: { type: 'static'; name: string } | { type: 'filter'; name: string; filter: LeadFilter },
    ) => (await api.post<{ id: number }>('admin/crm/lists', body)).data,
    onSuccess: refresh,
  });
}

/** `DELETE admin/crm/lists/{id}`. */
export function useDeleteLeadList() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`admin/crm/lists/${id}`),
    onSuccess: refresh,
  });
}

/** `POST admin/crm/imports/preview`: the file's columns and first rows. */
export function useCsvPreview() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (csv: string) =>
      (
        await api.post<{ columns: string[]; rows: string[][]; total: number }>('admin/crm/imports/preview', {
          csv,
        })
      ).data,
  });
}

/** `POST admin/crm/imports`. */
export function useCsvImport() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useMutation({
    mutationFn: async (body: {
      csv: string;
      mapping: Partial<Record<CsvImportField, string>>;
      list_id?: number;
      list_name?: string;
      consent: 'unconfirmed' | 'confirmed';
      first_name_from_name?: boolean;
    }) => (await api.post<CsvImportReport>('admin/crm/imports', body)).data,
    onSuccess: refresh,
  });
}

/** `PUT admin/crm/addresses/consent`. */
export function useSetConsent() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useMutation({
    mutationFn: async (body: { email: string; consent: ConsentState }) =>
      api.put('admin/crm/addresses/consent', body),
    onSuccess: refresh,
  });
}

/** `POST admin/crm/suppressions`. */
export function useSuppress() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useMutation({
    mutationFn: async (body: { email: string; reason: SuppressionReason }) =>
      api.post('admin/crm/suppressions', body),
    onSuccess: refresh,
  });
}

/** `GET admin/crm/suppressions`: counts per reason, and whether `email` is suppressed. */
export function useSuppressions(email: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.suppressions(email),
    queryFn: async () =>
      (
        await api.get<{
          counts: { reason: SuppressionReason; count: number }[];
          lookup: { email: string; suppressed: boolean; reason: SuppressionReason | null } | null;
        }>('admin/crm/suppressions', { query: email ? { email } : {} })
      ).data,
  });
}

/** `POST admin/crm/artists/sync-users`. */
export function useSyncRegisteredArtists() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ created: number; updated: number }>('admin/crm/artists/sync-users')).data,
    onSuccess: refresh,
  });
}

/** Download a list's CSV (`GET admin/crm/lists/{id}/export`) in the reader's language. */
export function useExportList() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await fetch(`${api.options.baseUrl}/admin/crm/lists/${id}/export`, {
        headers: { Authorization: `Bearer ${api.token() ?? ''}`, 'X-Lang': api.options.getLanguage() },
      });
      if (!response.ok) throw new Error(`export failed: ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `leads-list-${id}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
  });
}

/** One DNS check's result. */
export interface DnsCheckResult {
  status: 'pass' | 'fail' | 'missing';
  found: string | null;
}

/** A sender ID (`GET admin/crm/sender-domains`). */
export interface SenderDomain {
  id: number;
  domain: string;
  verified: boolean;
  verified_at: string | null;
  checked_at: string | null;
  checks: { spf: DnsCheckResult | null; dkim: DnsCheckResult | null; dmarc: DnsCheckResult | null };
  records: { kind: 'spf' | 'dkim' | 'dmarc'; type: 'TXT'; name: string; value: string }[];
  dns: 'system' | 'sandbox';
  created_at: string;
}

/** A sender (`GET admin/crm/senders`). */
export interface Sender {
  id: number;
  email: string;
  name: string;
  rate_per_minute: number;
  confirmed: boolean;
  confirmed_at: string | null;
  domain: string;
  domain_verified: boolean;
  usable: boolean;
  created_at: string;
}

/** Sender IDs. */
export function useSenderDomains() {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.senderDomains,
    queryFn: async () => (await api.get<SenderDomain[]>('admin/crm/sender-domains')).data,
  });
}

/** Senders. */
export function useSenders() {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.senders,
    queryFn: async () => (await api.get<Sender[]>('admin/crm/senders')).data,
  });
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

/** A template as listed (`GET admin/crm/templates`). */
export interface TemplateSummary {
  id: number;
  name: string;
  subject: string;
  created_at: string;
  updated_at: string;
}

/** A template with its design, MJML and compiled parts (`GET admin/crm/templates/{id}`). */
export interface Template extends TemplateSummary {
  mjml: string;
  design: Record<string, unknown> | null;
  html: string;
  text: string;
}

/** A template written with sample merge values (`.../preview`). */
export interface RenderedTemplate {
  subject: string;
  html: string;
  text: string;
  warnings: string[];
}

/** One template (for the editor). */
export function useTemplate(id: number | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.template(id),
    queryFn: async () => (await api.get<Template>(`admin/crm/templates/${id}`)).data,
    enabled: id !== null && Number.isInteger(id) && id > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A saved template written with sample values. */
export function useTemplatePreview(id: number | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: crmKeys.templatePreview(id),
    queryFn: async () => (await api.get<RenderedTemplate>(`admin/crm/templates/${id}/preview`)).data,
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
          ? await api.put<Template>(`admin/crm/templates/${id}`, body)
          : await api.post<Template>('admin/crm/templates', body)
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

/** A campaign's counts. */
export interface CampaignCounts {
  recipients: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
  skipped: number;
  failed: number;
  pending: number;
}

/** A campaign (`GET admin/crm/campaigns`). */
export interface Campaign {
  id: number;
  name: string;
  status: 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled';
  list_id: number;
  list_name: string | null;
  template_id: number;
  template_name: string | null;
  sender_id: number;
  sender: string | null;
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  counts: CampaignCounts;
}

/** A campaign with its hourly timeline (`GET admin/crm/campaigns/{id}`). */
export interface CampaignDetail extends Campaign {
  timeline: {
    hour: string;
    sent: number;
    opened: number;
    clicked: number;
    bounced: number;
    unsubscribed: number;
  }[];
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

/** Create, start, pause, resume and cancel campaigns. */
export function useCampaignActions() {
  const { api } = useApi();
  const refresh = useRefreshCrm();
  return {
    create: useMutation({
      mutationFn: async (body: { name: string; list_id: number; template_id: number; sender_id: number }) =>
        (await api.post<CampaignDetail>('admin/crm/campaigns', body)).data,
      onSuccess: refresh,
    }),
    start: useMutation({
      mutationFn: async ({
        id,
        scheduled_at,
        recipients,
      }: {
        id: number;
        scheduled_at?: string;
        /** The number of recipients the staff member confirmed (the server refuses another). */
        recipients?: number;
      }) =>
        api.post(`admin/crm/campaigns/${id}/start`, {
          ...(scheduled_at ? { scheduled_at } : {}),
          ...(recipients !== undefined ? { recipients } : {}),
        }),
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
