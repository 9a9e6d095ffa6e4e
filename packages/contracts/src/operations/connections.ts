import type { OperationDocs } from './types';

const C = 'Spec section 7, "Connections".';

/** What differs between the two influencer platforms' connection paths. */
interface Platform {
  area: string;
  name: string;
  base: string;
  token: string;
  accounts: string;
  tier: string;
  revoke: string;
  check: string;
  extra: string;
}

const influencerConnections = (p: Platform): OperationDocs => {
  const S = `Spec section 7, "${p.name}".`;
  return {
    [`GET ${p.base}/oauth/url`]: {
      id: `${p.area}.getConnectUrl`,
      summary: `Start connecting a ${p.name} account (influencer)`,
      description: `${p.name}'s consent URL with a signed state (10 minutes) naming the platform and the user, and a \`binding\` only this caller receives (the tab keeps it and sends it back with the code). The platform switched off on this site answers 503. ${S}`,
    },
    [`POST ${p.base}${p.token}`]: {
      id: `${p.area}.connectAccount`,
      summary: `Finish connecting a ${p.name} account (influencer)`,
      description: `Checks the state belongs to this user, platform and browser, exchanges the code, reads the account and stores it with its tokens sealed, optionally with a tier it qualifies for by followers. ${p.extra}A bad state or refused code answers 422; an account another user holds or the accounts limit reached 409; ${p.name} not answering 502. ${S}`,
      errors: [409, 502],
    },
    [`GET ${p.base}/user/get-tiers`]: {
      id: `${p.area}.listTiers`,
      summary: `List the ${p.name} tiers`,
      description: `Active ${p.name} tiers with price in coins, minimum followers and description in the request language. ${S}`,
    },
    [`GET ${p.base}${p.accounts}`]: {
      id: `${p.area}.listAccounts`,
      summary: `List one's ${p.name} accounts (influencer)`,
      description: `The influencer's live ${p.name} accounts with tier and quality score (spec section 3 "Connections"); never their tokens. ${S}`,
    },
    [`GET ${p.base}${p.tier}`]: {
      id: `${p.area}.changeAccountTier`,
      summary: `Set the tier of one's ${p.name} account`,
      description: `Gives account \`account_id\` tier \`tier_id\` (a tier of the platform the account has enough followers for; otherwise 422). An account not the user's or revoked answers 404. ${S}`,
      errors: [404],
    },
    [`GET ${p.base}${p.revoke}`]: {
      id: `${p.area}.revokeAccount`,
      summary: `Disconnect one's ${p.name} account`,
      description: `Drops the tokens of account \`account_id\`; the row stays for the campaigns that name it and another user may connect the account afterwards. Not the user's or already revoked answers 404. ${S}`,
      errors: [404],
    },
    [`GET ${p.base}${p.check}`]: {
      id: `${p.area}.checkConnected`,
      summary: `Whether one has a live ${p.name} account with a tier`,
      description: `An account without a tier receives no campaigns; the apps use this to guide the influencer. ${S}`,
    },
  };
};

/** Connected accounts of influencers (TikTok, Instagram) and artists (Spotify profiles) (tags `* connections`). */
export const connectionsOperations: OperationDocs = {
  ...influencerConnections({
    area: 'tiktok',
    name: 'TikTok',
    base: '/api/express-tiktok',
    token: '/tiktok/access/token',
    accounts: '/tiktok/influencer/accounts',
    tier: '/tiktok/change/account/tier',
    revoke: '/tiktok/influencer/revoke',
    check: '/tiktok/influencer/check',
    extra: '',
  }),
  ...influencerConnections({
    area: 'instagram',
    name: 'Instagram',
    base: '/api/express-instagram',
    token: '/instagram/access/token',
    accounts: '/instagram/influencer/accounts',
    tier: '/instagram/change/account/tier',
    revoke: '/instagram/revoke/account',
    check: '/influencer/account/check',
    extra: 'Instagram accounts must be professional (business or creator; 422 otherwise). ',
  }),
  'PUT /api/social-accounts/{id}/settings': {
    id: 'connections.changeAccountSettings',
    summary: "Change one's connected account's settings (influencer)",
    description:
      "Whatever its platform: `refuses_ai`, the account takes no AI-made music. Not the user's or revoked answers 404.",
  },
  'GET /api/connected/platforms/all/user/accounts': {
    id: 'connections.listAll',
    summary: "List one's connected accounts on every platform",
    description: `Spotify (curator accounts, artist profiles), TikTok and Instagram accounts of the signed-in user, with the per-platform limits (spec section 3 "Connections"). ${C}`,
  },
  'POST /api/connected/platforms/artist/connect/spotify/account': {
    id: 'connections.connectArtistProfile',
    summary: "Connect one's Spotify artist profile (artist)",
    description: `Links the Spotify artist at \`link\` (an \`/artist/\` link) to the artist, whose tracks then fill the campaign wizards. An invalid link or unknown artist answers 422; a profile another user holds, the profiles limit reached or Spotify not answering 409. A disconnected profile reconnected is revived. ${C}`,
    errors: [409],
  },
  'GET /api/connected/platforms/artist/connected/accounts': {
    id: 'connections.listArtistProfiles',
    summary: "List one's Spotify artist profiles (artist)",
    description: `The artist's linked Spotify artist profiles. ${C}`,
  },
  'GET /api/connected/platforms/artist/connected/tracks': {
    id: 'connections.listArtistTracks',
    summary: "Tracks of one's Spotify artist profiles (artist)",
    description: `Tracks of one profile (\`account_id\`) or all, newest releases first, for the campaign wizard. An unknown profile answers 404. ${C}`,
    errors: [404],
  },
  'GET /api/connected/platforms/artist/check/if/connected': {
    id: 'connections.checkArtistConnected',
    summary: 'Whether the artist has linked a Spotify profile',
    description: `Whether a profile is linked and how many. ${C}`,
  },
  'GET /api/connected/platforms/artist/tiktok/music': {
    id: 'connections.listTiktokSounds',
    summary: "One's sounds on TikTok (artist)",
    description: `TikTok sounds of the artist's tracks (of one profile with \`account_id\`), for a TikTok campaign; an empty list comes with a message saying how to get some. ${C}`,
    errors: [502],
  },
  'GET /api/connected/platforms/artist/instagram/music': {
    id: 'connections.listInstagramAudio',
    summary: "One's audio on Instagram (artist)",
    description: `Instagram audio of the artist's tracks (of one profile with \`account_id\`), for an Instagram campaign; an empty list comes with a message saying how to get some. ${C}`,
    errors: [502],
  },
  'GET /api/user/info/spotify': {
    id: 'connections.getSpotifySummary',
    summary: "One's Spotify at a glance",
    description: `The user's Spotify artist profiles and curator accounts, for the app's header and wizards. Spec section 7, "Auth".`,
  },
  'DELETE /api/connected/platforms/artist/delete/connected/account/{id}': {
    id: 'connections.disconnectArtistProfile',
    summary: 'Unlink a Spotify artist profile (artist)',
    description: `Removes profile \`id\` from the artist; another's answers 404. ${C}`,
  },
};
