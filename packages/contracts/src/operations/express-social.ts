import type { OperationDocs } from './types';

/** What differs between the account platforms' express operations (TikTok, Instagram). */
interface SocialPlatform {
  /** operationId area: `tiktok`, `instagram`. */
  area: string;
  /** Its name in texts: TikTok, Instagram. */
  name: string;
  /** What an influencer posts: video, reel. */
  post: string;
  base: string;
  musicChecks: readonly string[];
  videos: string;
  submit: string;
  /** The spec's section 7 heading. */
  spec: string;
}

const STATUSES =
  'Statuses (spec section 4): 1 pending for approval, 2 waiting for the post, 3 verifying, 4 on going, 5 auditing, 6 completed, 7 declined, 8 failed to submit.';

/** The express operations every account platform has, written once for each (issue 34 "The reference"). */
export function socialOperations(p: SocialPlatform): OperationDocs {
  const S = `Spec section 7, "${p.spec}".`;
  const a = p.area;
  const checks: OperationDocs = Object.fromEntries(
    p.musicChecks.map((path, i) => [
      `POST ${path}`,
      {
        id: `${a}.checkMusicLink${i === 0 ? '' : 'Express'}`,
        summary: `Check a ${p.name} music link${i === 0 ? '' : ' (express wizard path)'}`,
        description: `Answers the sound (id, URL, name) of \`sound_link\` (or \`track_link\`) when it is a valid ${p.name} music link (spec section 5); otherwise 422 with the platform's invalid-link message. ${S}`,
      },
    ]),
  );
  return {
    ...checks,
    [`GET ${p.base}/accounts/{id}/profile`]: {
      id: `${a}.getAccountProfile`,
      summary: `A ${p.name} account's public profile`,
      description: `What artists read before buying: description, moods, languages, genres, followers, figures (answer time, acceptance, score), reviews and replies. An account not for sale answers 404. ${S}`,
    },
    [`GET ${p.base}/artist/accounts/matched`]: {
      id: `${a}.listMatchedAccounts`,
      summary: `${p.name} accounts matching a track (artist)`,
      description: `Accounts for sale ranked by how well they fit the given genres, moods and language. ${S}`,
    },
    [`PUT ${p.base}/influencer/accounts/{id}/profile`]: {
      id: `${a}.editAccountProfile`,
      summary: `Change one's ${p.name} account's profile (influencer)`,
      description: `Description, moods, languages, genres (at most 10) and whether it refuses AI-made music; answers the profile. Another's account answers 404. ${S}`,
    },
    [`GET ${p.base}/artist/accounts/campaigns`]: {
      id: `${a}.listBuyableAccounts`,
      summary: `List ${p.name} accounts an artist can buy a ${p.post} on`,
      description: `Connected, approved accounts with tier price (coins), followers and figures, filtered by tier, genre, mood, language, price, followers, score and answer time (a reversed range answers 422) and sorted. ${S}`,
    },
    [`POST ${p.base}/artist/campaign/create`]: {
      id: `${a}.createCampaign`,
      summary: `Buy ${p.name} ${p.post}s with coins (artist)`,
      description: `Creates one campaign per chosen account for the sound, the pitch (at most 140 characters) and its details; each price in coins moves from the wallet to the campaign's escrow in one transaction and each influencer is asked to decide. Not enough coins answers 409; an unknown or unavailable account, or an invalid link 422. ${S}`,
      errors: [409],
    },
    [`POST ${p.base}/artist/campaign/checkout`]: {
      id: `${a}.startCardCheckout`,
      summary: `Pay ${p.name} ${p.post}s by card`,
      description: `Opens a card checkout for exactly the accounts' coins and answers the hosted page and \`session_id\`; the campaigns are created by \`${p.base}/artist/campaign/checkout/check/pay\`. ${S}`,
      errors: [502],
    },
    [`POST ${p.base}/artist/campaign/checkout/check/pay`]: {
      id: `${a}.confirmCardPayment`,
      summary: `Confirm a card payment and create the ${p.name} campaigns`,
      description: `Credits the paid coins once and creates the ordered campaigns from them; when they can no longer be created the coins stay in the wallet and \`not_created\` says so. Someone else's payment answers 404. ${S}`,
      errors: [404, 409, 502],
    },
    [`GET ${p.base}/artist/campaigns`]: {
      id: `${a}.listArtistCampaigns`,
      summary: `List one's ${p.name} campaigns (artist)`,
      description: `The artist's ${p.name} campaigns, paged and filtered by status and dates. ${STATUSES} ${S}`,
    },
    [`GET ${p.base}/influencer/campaigns`]: {
      id: `${a}.listInfluencerCampaigns`,
      summary: `List the ${p.name} campaigns asked of one (influencer)`,
      description: `Campaigns on the influencer's accounts, paged and filtered by status and dates. ${STATUSES} ${S}`,
    },
    [`GET ${p.base}/artist/show/campaign/{id}`]: {
      id: `${a}.getCampaign`,
      summary: `A ${p.name} campaign's status, for its artist or influencer`,
      description: `Campaign \`id\` with its account, sound, timeline, submitted ${p.post} and checks; an artist reads their own, an influencer those on their accounts (anyone else 404). ${STATUSES} ${S}`,
    },
    [`GET ${p.base}/influencer/campaign/reasons`]: {
      id: `${a}.listDeclineReasons`,
      summary: `List the reasons an influencer can decline with`,
      description: `Active decline reasons of ${p.name} campaigns in the request language. ${S}`,
    },
    [`POST ${p.base}/influencer/approve/campaign`]: {
      id: `${a}.approveCampaign`,
      summary: `Accept a ${p.name} campaign (influencer)`,
      description: `Moves campaign \`campaign_id\` from 1 to 2 (waiting for the ${p.post}). No longer pending, or not listened to for the minimum seconds, answers 409; another influencer's or another platform's campaign 404. ${S}`,
      errors: [404, 409],
    },
    [`POST ${p.base}/influencer/decline/campaign`]: {
      id: `${a}.declineCampaign`,
      summary: `Decline a ${p.name} campaign (influencer)`,
      description: `Declines campaign \`campaign_id\` (status 7) with a reason and optional feedback; the artist is refunded in full. No longer pending, or not listened to for the minimum seconds, answers 409; another's campaign 404. ${S}`,
      errors: [404, 409],
    },
    [`POST ${p.base}/influencer/add/review`]: {
      id: `${a}.reviewCampaign`,
      summary: `Rate the artist of a completed ${p.name} campaign (influencer)`,
      description: `A rating of 1 to 5 and an optional comment (at most 1,000 characters), once per completed campaign; otherwise 409. Another's campaign answers 404. ${S}`,
      errors: [404, 409],
    },
    [`POST ${p.base}/artist/campaign/renew/check`]: {
      id: `${a}.checkRenewal`,
      summary: `Whether a completed ${p.name} campaign can be renewed`,
      description: `Whether campaign \`campaign_id\` can be renewed on the same account, at what price in coins, with which sound. Another's campaign answers 404. ${S}`,
      errors: [404],
    },
    [`POST ${p.base}/artist/campaign/renew`]: {
      id: `${a}.renewCampaign`,
      summary: `Renew a completed ${p.name} campaign`,
      description: `A new campaign on the same account and sound at today's price, its coins held. Not renewable or not enough coins answers 409; another's campaign 404. ${S}`,
      errors: [404, 409],
    },
    [`GET ${p.videos}`]: {
      id: `${a}.listSubmittablePosts`,
      summary: `One's recent ${p.name} ${p.post}s to submit for a campaign`,
      description: `The ${p.post}s of the campaign's account posted since it was accepted, newest first, from ${p.name}. Another's campaign answers 404. ${S}`,
      errors: [502],
    },
    [`POST ${p.submit}`]: {
      id: `${a}.submitPost`,
      summary: `Submit the ${p.post} made for a campaign (influencer)`,
      description: `Checks ${p.post} \`video_id\` on ${p.name} (the campaign's sound used, the paid-partnership disclosure) and, when it passes, moves the campaign on to verifying; \`found\`, \`disclosure\` and \`reason\` say what was seen. A campaign not waiting for its ${p.post} answers 409; another's 404. ${S}`,
      errors: [404, 409, 502],
    },
  };
}
