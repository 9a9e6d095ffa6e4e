import { EXPRESS_CAMPAIGN_STATUSES } from '@lm/contracts';
import { type ExportColumn, isoInstant, statusCode } from '../../platform/csv-export';

/**
 * One campaign as a row of the staff campaign lists' CSV exports (issue 36 "Lists"): the Spotify list
 * (`campaignExportQuery`) and the TikTok and Instagram lists (`socialCampaignExportQuery`) write the
 * same columns; `target` is the playlist (Spotify) or the account's username (TikTok, Instagram; without an "@", which a spreadsheet would read as a formula).
 */
export interface CampaignExportRow extends Record<string, unknown> {
  id: number;
  created_at: Date;
  status_id: number;
  artist_id: number;
  artist_name: string;
  artist_email: string;
  seller_id: number;
  seller_name: string;
  seller_email: string;
  track_name: string;
  track_artist: string;
  track_url: string;
  target: string;
  tier: string | null;
  /** The price in coins (the marketplace's unit of account: a whole number, no minor unit). */
  price_coins: number;
  paid_coins: number | null;
  refunded_coins: number | null;
  completed_at: Date | null;
}

/**
 * Columns of the campaign lists' CSV exports, headers from `exports.campaigns.*`; the status as its
 * stable code (`pending_for_approval`, `on_going`...: the Spotify wording of the one status map, the
 * same code on every platform), coins as whole numbers, dates in UTC ISO 8601.
 */
export const CAMPAIGN_EXPORT_COLUMNS = [
  { key: 'id', header: 'exports.campaigns.id' },
  { key: 'created_at', header: 'exports.campaigns.created_at', format: isoInstant },
  {
    key: 'status_id',
    header: 'exports.campaigns.status',
    format: (v) => statusCode(EXPRESS_CAMPAIGN_STATUSES, v),
  },
  { key: 'artist_id', header: 'exports.campaigns.artist_id' },
  { key: 'artist_name', header: 'exports.campaigns.artist_name' },
  { key: 'artist_email', header: 'exports.campaigns.artist_email' },
  { key: 'seller_id', header: 'exports.campaigns.seller_id' },
  { key: 'seller_name', header: 'exports.campaigns.seller_name' },
  { key: 'seller_email', header: 'exports.campaigns.seller_email' },
  { key: 'track_name', header: 'exports.campaigns.track_name' },
  { key: 'track_artist', header: 'exports.campaigns.track_artist' },
  { key: 'track_url', header: 'exports.campaigns.track_url' },
  { key: 'target', header: 'exports.campaigns.target' },
  { key: 'tier', header: 'exports.campaigns.tier' },
  { key: 'price_coins', header: 'exports.campaigns.price_coins' },
  { key: 'paid_coins', header: 'exports.campaigns.paid_coins' },
  { key: 'refunded_coins', header: 'exports.campaigns.refunded_coins' },
  { key: 'completed_at', header: 'exports.campaigns.completed_at', format: isoInstant },
] as const satisfies readonly ExportColumn<CampaignExportRow>[];
