import type { AppDeps } from '../../platform/app';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/**
 * End an open campaign with a refund to its artist, in the name of a staff member.
 * @throws ConflictError when the campaign has already ended (the caller skips it)
 */
export type CampaignRefund = (deps: Deps, adminId: number, campaignId: number) => Promise<void>;
/**
 * A usable OAuth access token of a connected TikTok or Instagram account (`social_accounts.id`).
 * @throws ConflictError when the account is no longer connected
 */
export type AccessTokenOf = (deps: Deps, accountId: number) => Promise<string>;

// Trust sits below the campaign engine and the connections: they read its scores and its hidden
// subjects, so it cannot import them. What it needs from them they hand over when they load, the
// way the platform adapters register with the engine.
let refund: CampaignRefund | null = null;
let accessToken: AccessTokenOf | null = null;

/** Called by the express engine when it loads: how a confirmed flag refunds an open campaign. */
export function registerCampaignRefund(fn: CampaignRefund): void {
  refund = fn;
}

/** Called by the connections module when it loads: how detection reads an account's recent videos. */
export function registerAccessTokens(fn: AccessTokenOf): void {
  accessToken = fn;
}

/**
 * The registered campaign refund.
 * @throws Error when the express engine was not loaded (a wiring mistake, not a user error)
 */
export function campaignRefund(): CampaignRefund {
  if (!refund) throw new Error('trust: no campaign refund registered (the express module is not loaded)');
  return refund;
}

/**
 * The registered access-token reader.
 * @throws Error when the connections module was not loaded (a wiring mistake, not a user error)
 */
export function accessTokens(): AccessTokenOf {
  if (!accessToken)
    throw new Error('trust: no access tokens registered (the connections module is not loaded)');
  return accessToken;
}
