import type { OperationDocs } from '../types';

/** The back-office's global search (issue 36 "Lists"). */
export const searchOperations: OperationDocs = {
  'GET /api/admin/search': {
    id: 'admin.search.find',
    summary: 'Search users, campaigns, tickets, payouts and transactions',
    description:
      'The header search of the back-office. `q` (trimmed, at most 100 characters; at least 2 unless it is a number such as `7` or `#7`, else 422 `validation.search_short`) finds users by name or e-mail (or id), campaigns (express and custom) by track name or number, tickets by subject or number, payouts by number and wallet transactions by their number (contains, case-insensitive). Each kind is searched only when the caller holds the permission of its record page: users `view.main.users.tab.list`, express campaigns `express.campaigns.show`, custom campaigns `custom.campaigns.show`, tickets `tickets.show`, payouts `INFLUENCER_VIEW_PAYOUT_PROFILE`, transactions `main.wallet.show.all.transactions`; `kinds` lists the kinds searched. At most 5 records per kind, an exact number first, then the newest; a transaction is answered as the id of its user wallet entry (the transaction page\'s `id`). Issue 36 "Lists".',
    examples: {
      response: {
        data: {
          q: 'ava',
          kinds: ['users', 'campaigns', 'tickets', 'payouts', 'transactions'],
          groups: [
            {
              kind: 'users',
              items: [
                {
                  id: 12,
                  title: 'Ava Stone',
                  subtitle: 'ava@example.com',
                  number: null,
                  campaign_kind: null,
                },
              ],
            },
            {
              kind: 'campaigns',
              items: [
                {
                  id: 40,
                  title: 'Avalanche',
                  subtitle: 'Ava Stone',
                  number: '#40',
                  campaign_kind: 'spotify',
                },
              ],
            },
          ],
        },
      },
    },
  },
};
