import type { OperationDocs } from '../types';
import { AUDITED } from './common';

/** System settings and the platform's own Spotify account (spec section 2 "/system/settings", "/spotify/callback/{accessToken}"). */
export const settingsOperations: OperationDocs = {
  'GET /api/admin/settings': {
    id: 'admin.settings.get',
    summary: 'Read every system setting',
    description:
      'Every setting with its value: maintenance mode and message, platform fee (percent), coin price and payout rate (pence per coin), minimum withdrawal (coins), express campaign days (playlist submission, on-going, auditing, answer), minimum listening seconds and feedback words, ticket response and resolution targets per priority (hours), the product name of mails. Spec section 2 "/system/settings" and section 7 "Settings/roles: GET setting/all".',
  },
  'PUT /api/admin/settings': {
    id: 'admin.settings.update',
    summary: 'Change some system settings',
    description: `Any subset of the settings (unknown keys refused), whole numbers in their ranges: refused with 422, never clamped. The payout rate may not exceed the coin price (422 \`settings.payout_above_price\` on \`payout_rate_pence\`) and the coin price may not fall below an active package's price per coin (422 \`settings.coin_price_below_package\`). One transaction with the rows locked; one audit entry \`settings.update\` per changed key with its value before and after; unchanged keys write nothing. Answers every setting after the change and \`changed\`, the keys that changed; a maintenance change reaches other instances within \`MAINTENANCE_CACHE_MS\`. ${AUDITED} Spec section 2 "/system/settings".`,
    examples: {
      request: { maintenance_mode: true, maintenance_message: 'Back at 18:00 UTC' },
    },
  },
  'GET /api/admin/spotify/platform': {
    id: 'admin.settings.getPlatformSpotify',
    summary: "Read the platform's own Spotify account",
    description:
      'The Spotify account the platform uses for its own calls (Spotify user id, display name, e-mail, when and by whom it was connected), or `connected: false` when staff have not connected one. Spec section 2 "/spotify/callback/{accessToken}".',
  },
  'POST /api/admin/spotify/platform/connect': {
    id: 'admin.settings.connectPlatformSpotify',
    summary: "Start connecting the platform's Spotify account",
    description:
      'Answers `{ url }`, Spotify\'s consent page with a signed state naming the admin; Spotify sends the browser back to `GET /api/admin/spotify/platform/callback`. Spec section 2 "/spotify/callback/{accessToken}".',
  },
  'GET /api/admin/spotify/platform/callback': {
    id: 'admin.settings.completePlatformSpotify',
    summary: "Spotify's return after the platform account consent",
    description:
      'Public: the browser arrives from Spotify without a token; the signed `state` proves the admin. Checks the state, exchanges `code`, stores the account in place of any previous one and audits it, in one transaction, then answers 302 to the back-office page `/spotify/callback/{accessToken}` with a signed outcome (10 minutes). A refused consent, a bad or expired state or a failed exchange store nothing and end there as `denied` or `failed`. Spec section 2 "/spotify/callback/{accessToken}".',
  },
  'GET /api/admin/spotify/platform/outcome': {
    id: 'admin.settings.getPlatformSpotifyOutcome',
    summary: 'Read the outcome of a platform Spotify connection',
    description:
      'Public: query `token`, the signed outcome of the back-office page\'s `{accessToken}` segment (10 minutes; it carries no Spotify token). Answers connected, denied or failed; 404 when the value is not one of ours or has expired. Spec section 2 "/spotify/callback/{accessToken}".',
    errors: [404],
  },
  'DELETE /api/admin/spotify/platform': {
    id: 'admin.settings.disconnectPlatformSpotify',
    summary: "Disconnect the platform's Spotify account",
    description: `Forgets the platform's Spotify account; 404 when none is connected. ${AUDITED} Spec section 2 "/system/settings".`,
    errors: [404],
  },
};
