import type { OperationDoc, OperationDocs } from '../types';
import { AUDITED, EXPORTED, PAGED } from './common';

/** The two creator platforms with the same back-office routes: path segment and display name. */
const PLATFORMS = [
  { key: 'tiktok', name: 'TikTok' },
  { key: 'instagram', name: 'Instagram' },
] as const;

/** One platform's tiers, durations and campaign screens. */
function platformDocs({ key, name }: (typeof PLATFORMS)[number]): OperationDocs {
  const a = key === 'instagram' ? 'an' : 'a';
  const lists = `Spec section 2 "/${key}/express/tiers/list" and "/${key}/express/durations/list" (paths not shown by the spec: REST under \`/api/admin/${key}\`).`;
  const screens = `Spec section 2 "/express/${key}/campaigns/list" and "/express-${key}-campaigns/{campaignId}"; issue 12 "TikTok and Instagram campaigns".`;
  const tierBody = `Body \`tier_name\` (at most 100, unique on the platform: 422 on \`tier_name\`), \`price\` (coins, 1 to 1,000,000), \`min_followers\` (default 0), \`description\` (at most 500), \`status\` (1 active, default, or 0), \`translations\` (fr, de, ar, tr).`;
  const docs: Record<string, OperationDoc> = {
    [`GET /api/admin/${key}/tiers`]: {
      id: `admin.${key}.listTiers`,
      summary: `List ${name} tiers`,
      description: `Every ${name} tier, active and inactive, cheapest first: name, price (coins), minimum followers, description, translations. ${lists}`,
    },
    [`POST /api/admin/${key}/tiers`]: {
      id: `admin.${key}.createTier`,
      summary: `Create ${a} ${name} tier`,
      description: `${tierBody} Answers 201. ${AUDITED} ${lists}`,
    },
    [`PUT /api/admin/${key}/tiers/{id}`]: {
      id: `admin.${key}.updateTier`,
      summary: `Update ${a} ${name} tier`,
      description: `${tierBody} 404 also for a tier of the other platform. ${AUDITED} ${lists}`,
    },
    [`GET /api/admin/${key}/durations`]: {
      id: `admin.${key}.listDurations`,
      summary: `List ${name} durations`,
      description: `Every ${name} video duration (days), shortest first. ${lists}`,
    },
    [`POST /api/admin/${key}/durations`]: {
      id: `admin.${key}.createDuration`,
      summary: `Create ${a} ${name} duration`,
      description: `Body \`duration\` (days, 1 to 365) and \`status\` (1 or 0); an existing duration of the same days only changes status. Answers 201. ${AUDITED} ${lists}`,
    },
    [`PUT /api/admin/${key}/durations/{id}`]: {
      id: `admin.${key}.updateDuration`,
      summary: `Update ${a} ${name} duration`,
      description: `422 on \`duration\` when another duration of the platform has those days. ${AUDITED} ${lists}`,
    },
    [`GET /api/admin/express-${key}/campaigns`]: {
      id: `admin.${key}.listCampaigns`,
      summary: `List ${name} express campaigns`,
      description: `Every ${name} campaign, newest first; \`filter[status]\` (1 to 8), \`q\` (song name or campaign id)${key === 'instagram' ? ', `filter[disputed]=1` (disputes waiting for a decision)' : ''}; typed filters \`filter[artist]\` and \`filter[seller]\` (the artist's or the influencer's name or e-mail, contains), \`filter[track]\` (contains), \`filter[date_from]\` and \`filter[date_to]\` (\`YYYY-MM-DD\`, created, inclusive; 422 \`validation.date_invalid\` for a date that is no day, \`validation.date_range\` when the end is before the start; issue 36). ${PAGED} ${screens}`,
    },
    [`GET /api/admin/express-${key}/campaigns/export.csv`]: {
      id: `admin.${key}.exportCampaignsCsv`,
      summary: `Export ${name} express campaigns as CSV`,
      description: `The ${name} campaigns the list's \`q\` and filters select (the same filters and 422s as the list), newest first: number, ordered, status code (\`pending_for_approval\` … \`failed_to_submit_playlist\`, one code per status on every platform), artist and influencer (id, name, e-mail), track (name, artist, link), the account's username, its tier, price, coins paid to the influencer and refunded (whole coins), completed. ${EXPORTED} Audited as \`export.social_campaigns\` with the platform. Needs \`express.campaigns.show\`. Issue 36 "Lists"; ${screens}`,
      errors: [422, 429],
    },
    [`GET /api/admin/express-${key}/campaigns/{id}`]: {
      id: `admin.${key}.getCampaign`,
      summary: `Read ${a} ${name} express campaign with its timeline`,
      description: `The campaign, its creator account, video and timeline, notes written in the reader's language, staff events named by the staff member. ${screens}`,
    },
  };
  return docs;
}

/** TikTok and Instagram express in the back-office (issue 12). */
export const socialOperations: OperationDocs = {
  ...platformDocs(PLATFORMS[0]),
  ...platformDocs(PLATFORMS[1]),
  'POST /api/admin/express-instagram/campaigns/{id}/dispute': {
    id: 'admin.instagram.decideDispute',
    summary: "Decide an artist's dispute of an Instagram reel",
    description: `Body \`decision\` and \`note\` (at most 500). \`uphold\`: the reel does not prove the promise (sound missing, not public), the campaign fails (3 → 8) and the artist is refunded in full; \`reject\`: the reel is verified (3 → 4 On Going) at once. 409 \`express.no_dispute\` when no dispute waits, \`express.not_open\` when the campaign is no longer Verifying. One transaction with the row locked. Answers \`{ id, status_id }\`. ${AUDITED} Docs/decisions.md "Instagram chain and disputes (session 6)"; issue 12.`,
    errors: [409],
    examples: {
      request: { decision: 'uphold', note: 'The reel uses another sound' },
      response: { data: { id: 6120, status_id: 8 }, message: 'Saved' },
    },
  },
};
