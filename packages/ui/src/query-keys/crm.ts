/** Keys of the back-office's CRM; `all` refreshes every one after a CRM change. */
export const crmKeys = {
  all: ['crm'] as const,
  artist: (id: number) => ['crm', 'artist', id] as const,
  artistCampaigns: (id: number) => ['crm', 'artist', id, 'campaigns'] as const,
  suppressions: (email: string) => ['crm', 'suppressions', email] as const,
  senderDomains: ['crm', 'sender-domains'] as const,
  senders: ['crm', 'senders'] as const,
  template: (id: number | null) => ['crm', 'template', id] as const,
  templatePreview: (id: number | null) => ['crm', 'template-preview', id] as const,
  campaign: (id: number | null) => ['crm', 'campaign', id] as const,
  campaignAudience: (id: number | null) => ['crm', 'campaign', id, 'audience'] as const,
  campaignChoices: ['crm', 'campaign-choices'] as const,
  segmentOptions: (listId: number | null) => ['crm', 'segment-options', listId] as const,
  segmentCount: (listId: number | null, segment: unknown) =>
    ['crm', 'segment-count', listId, segment] as const,
};
