/**
 * The back-office page of an audit entry's target (each target links to its page):
 * a record's own page where it has one (a user, a payout, a ticket ...), otherwise the list that holds
 * it (a role, a coin package, a setting ...). Null for kinds without a page (an access token, a file)
 * and for express campaigns, whose page depends on a platform the entry does not carry.
 */
export function auditTargetPath(kind: string | null, id: string | null): string | null {
  if (!kind) return null;
  const own = (make: (id: string) => string) => (id ? make(encodeURIComponent(id)) : null);
  switch (kind) {
    case 'user':
      return own((i) => `/users/${i}`);
    case 'payout':
      return own((i) => `/payouts/${i}`);
    case 'custom_campaign':
      return own((i) => `/campaigns/custom/${i}`);
    case 'express_playlist':
      return own((i) => `/express/playlist/view/${i}`);
    case 'ticket':
      return own((i) => `/tickets/details/${i}`);
    case 'trust_flag':
      return own((i) => `/trust/flags/${i}`);
    case 'playlist_form':
      return own((i) => `/forms/${i}`);
    case 'scraping_job':
      return own((i) => `/playlist/scraping/${i}`);
    case 'auto_scraping_job':
      return own((i) => `/auto-scraping-jobs/view/${i}`);
    case 'crm_campaign':
      return own((i) => `/marketing-campaign/${i}`);
    default:
      return LISTS[kind] ?? null;
  }
}

/** Kinds whose records are edited on a list rather than a page of their own. */
const LISTS: Readonly<Record<string, string>> = {
  admin: '/admin/list',
  role: '/roles/list',
  setting: '/system/settings',
  coin_package: '/wallet/packages/list',
  payment: '/wallet/deposit/list',
  genre: '/genres/list',
  interest: '/interests/list',
  tier: '/tiers/list',
  user_type: '/userTypes/list',
  slider: '/sliders/list',
  job: '/horizon',
  express_tier: '/express/tiers/list',
  express_duration: '/express/durations/list',
  express_reason: '/express/reasons/list',
  social_tier: '/tiktok/express/tiers/list',
  social_duration: '/tiktok/express/durations/list',
  lead_list: '/crm/leads-lists',
  ticket_department: '/tickets/departments',
  crm_sender: '/crm/senders',
  crm_sender_domain: '/crm/senders-id',
  crm_template: '/crm/template-design',
  fan_finder_plan: '/fan/finder/plans',
  fan_finder_subscription: '/fan/finder/subscriptions',
};
