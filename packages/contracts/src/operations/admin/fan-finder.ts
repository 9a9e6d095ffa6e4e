import type { OperationDocs } from '../types';
import { AUDITED, PAGED } from './common';

const FF =
  'Spec section 2 "Scraping module: /fan/finder/plans, /fan/finder/subscriptions, /fan/finder/search, /fan/finder/details/{searchArtist}" (paths not shown by the spec: REST under `/api/admin/fan-finder`); issue 15 "Fan Finder".';

/** Fan Finder in the back-office: plans, subscriptions and the analysed artists (issue 15). */
export const fanFinderOperations: OperationDocs = {
  'GET /api/admin/fan-finder/plans': {
    id: 'admin.fanFinder.listPlans',
    summary: 'List Fan Finder plans',
    description: `Every plan, offered and withdrawn, cheapest first: name, days, price (coins), features, status, translations. ${FF}`,
  },
  'POST /api/admin/fan-finder/plans': {
    id: 'admin.fanFinder.createPlan',
    summary: 'Create a Fan Finder plan',
    description: `Body \`plan_name\` (at most 100, unique in any case: 422 on \`plan_name\`), \`plan_days\`, \`price\` (coins), \`features\` (weekly_updates, latest_posts, comments_per_post, related_artists, csv_export), \`status\` (1 offered, default, or 0), \`translations\` (fr, de, ar, tr). Answers 201. ${AUDITED} ${FF}`,
    examples: {
      request: {
        plan_name: 'Monthly',
        plan_days: 30,
        price: 250,
        features: ['weekly_updates', 'related_artists'],
        status: 1,
      },
    },
  },
  'PUT /api/admin/fan-finder/plans/{id}': {
    id: 'admin.fanFinder.updatePlan',
    summary: 'Update a Fan Finder plan',
    description: `The same body as creating. An edit changes what is sold from now on; running subscriptions keep the name, days and price they were bought with until they renew (renewals charge the plan's price of the day). ${AUDITED} ${FF}`,
  },
  'DELETE /api/admin/fan-finder/plans/{id}': {
    id: 'admin.fanFinder.deletePlan',
    summary: 'Delete a Fan Finder plan nobody subscribed to',
    description: `409 \`fan_finder.plan_in_use\` when it has subscriptions: withdraw it instead (status 0) so their history keeps naming it. ${AUDITED} ${FF}`,
    errors: [409],
  },
  'GET /api/admin/fan-finder/subscriptions': {
    id: 'admin.fanFinder.listSubscriptions',
    summary: 'List Fan Finder subscriptions',
    description: `Newest first with their subscriber; \`filter[status]\`, \`filter[plan_id]\`, \`filter[auto_renew]\` (1 or 0), \`filter[user_id]\`, and \`q\` on the subscriber's name or e-mail or the plan's name. ${PAGED} ${FF}`,
  },
  'GET /api/admin/fan-finder/subscriptions/{id}': {
    id: 'admin.fanFinder.getSubscription',
    summary: 'Read a Fan Finder subscription with its charges',
    description: `The subscription (plan, dates, auto-renew, remaining days), its subscriber and every charge it made (desc 7 transfers, coins). Spec section 3 "Fan finder subscription"; ${FF}`,
  },
  'PUT /api/admin/fan-finder/subscriptions/{id}': {
    id: 'admin.fanFinder.setAutoRenew',
    summary: "Switch a Fan Finder subscription's auto-renew",
    description: `Body \`auto_renew\` (boolean): the switch of the user overview's Fan Finder Subscription tab. Turning it on again for a cancelled subscription that still runs resumes it; 409 \`fan_finder.subscription_ended\` once it has ended. ${AUDITED} Spec section 2 "User overview: Fan Finder Subscription (auto-renew switch)".`,
    errors: [409],
  },
  'GET /api/admin/fan-finder/users/{id}/subscriptions': {
    id: 'admin.fanFinder.listUserSubscriptions',
    summary: "List one user's Fan Finder subscriptions",
    description: `The user's subscriptions, newest first (user overview's Fan Finder Subscription tab). Spec section 2 "User overview"; ${FF}`,
  },
  'GET /api/admin/fan-finder/artists': {
    id: 'admin.fanFinder.listArtists',
    summary: 'Search artists with Fan Finder connections',
    description: `Newest first with their connection names and fan counts; \`q\` matches the artist's name or e-mail, their Spotify profile name or any Instagram username analysed (own or related). ${PAGED} ${FF} Screen /fan/finder/search.`,
  },
  'GET /api/admin/fan-finder/artists/{id}': {
    id: 'admin.fanFinder.getArtist',
    summary: "Read an artist's Fan Finder details",
    description: `The artist, their current subscription (or null) and their connections (Spotify, Instagram, related artists). ${FF} Screen /fan/finder/details/{searchArtist}.`,
  },
  'GET /api/admin/fan-finder/artists/{id}/fans': {
    id: 'admin.fanFinder.listArtistFans',
    summary: "List a page of an artist's fans",
    description: `Query \`scope\` (\`own\`, default, or \`related\`), \`page\` and \`band\` (Super at least 85, Regular at least 70, Mixed at least 55, Low below). 12 a page, best rated first, with the grid's last sync and its pending or unavailable state. Spec section 4 "Fan rating" and section 9 "Fan grid 12 per page"; ${FF}`,
  },
};
