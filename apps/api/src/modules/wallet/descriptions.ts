import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coinPackages } from './payments.schema';

/**
 * What a wallet movement was, as a message key of the shared UI catalog (`wallet.describe.*`) and its
 * parameters, rendered in the reader's language by the app: never stored text. Parameters are raw
 * values (ids, coins, names people gave: package, track, playlist).
 */
export interface TransactionDescription {
  key: string;
  params: Record<string, string | number>;
}

/** The parts of a ledger transfer a description is built from. */
export interface DescribedTransfer {
  descId: number;
  /** Signed coins of the wallet's entry: > 0 credit, < 0 debit. */
  amount: number;
  meta: Record<string, unknown>;
}

/** A campaign a wallet movement paid, earned or refunded, as its description names it. */
export interface CampaignReference {
  id: number;
  track: string;
  playlist: string;
  /** The platform's fee on the curator's earning, in per cent. */
  feePercent: number;
}

/**
 * Where the campaigns and payouts a wallet movement mentions are read: the modules owning them
 * register these at boot, so the wallet, which those modules are built on, never imports them.
 * Until one is registered its references read as unknown (the description's `*_unknown` key).
 */
export interface TransferReferenceSources {
  /** The Spotify express campaigns of these ids (those that exist). */
  campaigns(database: Database, ids: number[]): Promise<CampaignReference[]>;
  /** The payouts made from these Wise quotes: payout id and quote id. */
  payoutsOfQuotes(database: Database, quoteIds: string[]): Promise<{ id: number; quote: string }[]>;
}

const sources: Partial<TransferReferenceSources> = {};

/**
 * Register the readers of some references (the express module its campaigns, the payouts module its
 * payouts); a later registration of the same reader replaces it.
 */
export function registerTransferReferences(given: Partial<TransferReferenceSources>): void {
  Object.assign(sources, given);
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Descriptions of a page of wallet entries, from each transfer's references: the coin package
 * bought, the campaign (track and playlist) paid, earned or refunded, the payout asked for or
 * returned, staff adjustments. The referenced rows are read in one query per kind for the page.
 * @returns one description per input, in order; an unknown reference falls back to the desc_id's key
 */
export async function describeTransfers(
  database: Database,
  items: DescribedTransfer[],
): Promise<TransactionDescription[]> {
  const campaignIds = new Set<number>();
  const packageIds = new Set<number>();
  const quoteIds = new Set<string>();
  for (const { meta } of items) {
    const campaign = num(meta.campaign_id);
    if (campaign !== null && (meta.campaign_type ?? 'spotify') === 'spotify') campaignIds.add(campaign);
    const pkg = num(meta.package_id);
    if (pkg !== null) packageIds.add(pkg);
    if (typeof meta.wise_quote_id === 'string' && num(meta.payout_id) === null)
      quoteIds.add(meta.wise_quote_id);
  }
  const [campaignRows, packageRows, payoutRows] = await Promise.all([
    campaignIds.size === 0 || !sources.campaigns ? [] : sources.campaigns(database, [...campaignIds]),
    packageIds.size === 0
      ? []
      : database.db
          .select({ id: coinPackages.id, name: coinPackages.name })
          .from(coinPackages)
          .where(inArray(coinPackages.id, [...packageIds])),
    quoteIds.size === 0 || !sources.payoutsOfQuotes ? [] : sources.payoutsOfQuotes(database, [...quoteIds]),
  ]);
  const campaigns = new Map(campaignRows.map((c) => [c.id, c]));
  const packages = new Map(packageRows.map((p) => [p.id, p.name]));
  const payoutOfQuote = new Map(payoutRows.map((p) => [p.quote, p.id]));
  return items.map((item) => describeOne(item, { campaigns, packages, payoutOfQuote }));
}

function describeOne(
  { descId, amount, meta }: DescribedTransfer,
  refs: {
    campaigns: Map<number, CampaignReference>;
    packages: Map<number, string>;
    payoutOfQuote: Map<string, number>;
  },
): TransactionDescription {
  const campaignId = num(meta.campaign_id);
  const campaign = campaignId === null ? undefined : refs.campaigns.get(campaignId);
  const campaignParams = campaign
    ? { campaign: campaign.id, track: campaign.track, playlist: campaign.playlist }
    : null;
  const payout =
    num(meta.payout_id) ??
    (typeof meta.wise_quote_id === 'string' ? refs.payoutOfQuote.get(meta.wise_quote_id) : undefined) ??
    null;
  const refundType = typeof meta.refund_type === 'string' ? meta.refund_type : null;
  switch (descId) {
    case 1: {
      const method = meta.method === 'paypal' ? 'paypal' : meta.method === 'card' ? 'card' : null;
      const pkg = num(meta.package_id);
      const name = pkg === null ? undefined : refs.packages.get(pkg);
      if (name && method) return { key: 'wallet.describe.package', params: { package: name, method } };
      if (method) return { key: 'wallet.describe.coins_bought', params: { method } };
      return { key: 'wallet.describe.coins_added', params: {} };
    }
    case 2:
      if (!campaignParams) return { key: 'wallet.describe.campaign_unknown', params: {} };
      return amount < 0
        ? { key: 'wallet.describe.campaign_paid', params: campaignParams }
        : {
            key: 'wallet.describe.campaign_earned',
            params: { ...campaignParams, fee: campaign!.feePercent },
          };
    case 3:
      if (refundType === 'payout_returned')
        return payout === null
          ? { key: 'wallet.describe.payout_returned_unknown', params: {} }
          : { key: 'wallet.describe.payout_returned', params: { payout } };
      if (refundType === 'manual_adjustment') return { key: 'wallet.describe.manual_credit', params: {} };
      if (campaignParams)
        return {
          key:
            refundType === 'complete_refund'
              ? 'wallet.describe.campaign_partial_refund'
              : 'wallet.describe.campaign_refund',
          params: campaignParams,
        };
      return { key: 'wallet.describe.refund', params: {} };
    case 4:
      return payout === null
        ? { key: 'wallet.describe.payout_request_unknown', params: {} }
        : { key: 'wallet.describe.payout_request', params: { payout } };
    case 5:
      return { key: 'wallet.describe.manual_debit', params: {} };
    case 6:
      return payout === null
        ? { key: 'wallet.describe.payout_sent_unknown', params: {} }
        : { key: 'wallet.describe.payout_sent', params: { payout } };
    case 7:
      return { key: 'wallet.describe.fan_finder', params: {} };
    case 8:
      return typeof meta.organisation_name === 'string'
        ? { key: 'wallet.describe.organisation_funding', params: { organisation: meta.organisation_name } }
        : { key: 'wallet.describe.organisation_funding_unknown', params: {} };
    default:
      return { key: 'wallet.describe.other', params: {} };
  }
}
