import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { type CreatedCampaign, createCampaignsFor } from './express.creation';
import { ownCampaign } from './express.queries';
import type { EngineDeps, ExpressPlatformAdapter } from './platforms/adapter';

/**
 * Renewals, one rule for every platform (`express/artist/campaign/renew` and each account platform's
 * `artist/campaign/renew`): a finished campaign is bought again, on the same target and sound, as a
 * new campaign that names the one it renews. What differs per platform (which target, whether it can
 * still be bought, what the new request repeats) is the adapter's `renewal` part.
 */

/** Statuses after which a campaign may be renewed: Completed, Declined, Failed to Submit. */
const FINISHED: readonly number[] = [S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT];

/**
 * Can this campaign be renewed (renew-check)? It must be the artist's campaign of this platform and
 * finished (6, 7 or 8), and its target buyable again (see the adapter's `renewal.target`).
 * @returns whether it is renewable, the price in coins a renewal would hold, the target (id and name,
 *   null when it can no longer be bought), the track (id and name) and the campaign row
 * @throws NotFoundError when not the artist's campaign of this platform, or it names no target
 */
export async function renewCheck(
  deps: EngineDeps,
  adapter: ExpressPlatformAdapter,
  artistId: number,
  campaignId: number,
) {
  const campaign = await ownCampaign(deps.database, adapter.typeId, campaignId, { artistId });
  if (!campaign) throw new NotFoundError();
  const target = await adapter.renewal.target(deps, campaign);
  if (!target) throw new NotFoundError();
  return {
    renewable: FINISHED.includes(campaign.statusId) && target.available,
    price: target.price,
    target: { id: target.id, name: target.name },
    track: { id: campaign.trackId, name: campaign.trackName },
    campaign,
  };
}

/**
 * Renew (renew): a new campaign for the same sound on the same target, paid with coins at today's
 * price, recorded in its timeline as renewing `campaignId`.
 * @returns the created campaign (status 1 Pending for Approval), in a list like a purchase's
 * @throws NotFoundError (see {@link renewCheck}); ConflictError 409 'express.not_renewable'; the errors
 *   of `createCampaignsFor` (an open campaign of the sound on the target, too few coins)
 */
export async function renew(
  deps: EngineDeps,
  adapter: ExpressPlatformAdapter,
  artistId: number,
  campaignId: number,
): Promise<CreatedCampaign[]> {
  const check = await renewCheck(deps, adapter, artistId, campaignId);
  if (!check.renewable) throw new ConflictError('express.not_renewable');
  const { campaign } = check;
  return createCampaignsFor(deps, adapter, artistId, {
    soundLink: adapter.soundLink(campaign),
    targetIds: [check.target.id],
    renewedFromId: campaignId,
    errorField: adapter.renewal.targetsField,
    ...(adapter.renewal.keepsArtistText ? { pitch: campaign.pitch, soundName: campaign.trackName } : {}),
    // The same track: its declaration goes with it (a refusing target is then refused like any request).
    madeWithAi: campaign.madeWithAi,
    languageId: campaign.languageId,
  });
}
