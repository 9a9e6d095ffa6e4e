import type { Language } from '@lm/contracts/api';
import { and, eq, inArray } from 'drizzle-orm';
import { withSavepoint, withTransaction } from '../../db/client';
import { payments, users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { parseTrackLink } from '../../providers/spotify/links';
import { playlistVisibleToArtists } from '../trust';
import { type Purchase, quoteTopUp, startCheckout, topUpPurchase } from '../wallet';
import {
  type CreatedCampaign,
  createCampaigns,
  createCampaignsFor,
  prepareCampaigns,
} from './express.creation';
import { assertTrackLanguage } from './express.language';
import type { Campaign } from './express.machine';
import { expressCampaigns, expressPlaylists, expressTiers } from './express.schema';
import { adapterFor, spotifyAdapter } from './platforms/index';

/*
 * Campaign requests paid by card: the quote against the artist's balance, the checkout that carries
 * the request in the payment's meta, and the campaigns made exactly once when the payment is credited.
 */

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/**
 * Price in coins of a campaign request: the sum of the chosen approved playlists' tier prices.
 * @throws ValidationError when a playlist is not available
 */
export async function quoteCampaigns(deps: Deps, playlistIds: number[]): Promise<number> {
  const ids = [...new Set(playlistIds)];
  const rows = await deps.database.db
    .select({ price: expressTiers.price })
    .from(expressPlaylists)
    .innerJoin(expressTiers, eq(expressTiers.id, expressPlaylists.tierId))
    .where(
      and(
        inArray(expressPlaylists.id, ids),
        eq(expressPlaylists.statusId, 1),
        eq(expressTiers.status, 1),
        playlistVisibleToArtists(),
      ),
    );
  if (ids.length === 0 || rows.length !== ids.length)
    throw new ValidationError({ playlist_ids: ['express.playlist_unavailable'] });
  return rows.reduce((sum, r) => sum + r.price, 0);
}

/**
 * What a card payment of a campaign request would buy (`express/artist/campaign/checkout/quote`): the
 * chosen playlists' price against the artist's balance and the cheapest purchase
 * covering the missing coins ({@link quoteTopUp}); `startCampaignCheckout` with `top_up: 'cheapest'`
 * recomputes and buys the same.
 * @throws ValidationError 422 for unavailable playlists
 */
export async function quoteCampaignCheckout(
  deps: Deps,
  artistId: number,
  playlistIds: number[],
  lang?: Language,
) {
  return quoteTopUp(deps.database, artistId, await quoteCampaigns(deps, playlistIds), lang);
}

/**
 * Start paying a campaign request by card (`stripe/campaign/checkout`): the price is the chosen
 * playlists' tier prices. With `top_up: 'cheapest'` (what the web app sends) the card buys the
 * cheapest single purchase covering the coins the wallet lacks, recomputed here ({@link quoteTopUp}: a
 * package when one costs less than the missing coins at the coin price; its extra coins stay in the
 * wallet); `expected_amount_minor`, when sent, is the amount the page showed: a different recomputed
 * amount (the balance, a package or the coin price changed meanwhile) refuses the checkout rather than
 * charge what the artist did not see. Without `top_up` (mobile apps) the whole request's coins are
 * bought at the coin price, as before (docs/decisions.md). A client never names the amount charged.
 * The request rides in the payment's meta until {@link campaignsFromPayment} creates the campaigns.
 * @throws ValidationError 422 (`express.invalid_track` on `track_link`, unavailable playlists);
 *   ConflictError 409 `payments.quote_changed` when `expected_amount_minor` differs from the quote
 */
export async function startCampaignCheckout(
  deps: Deps,
  artistId: number,
  input: {
    track_link: string;
    playlist_ids: number[];
    pitch?: string | null;
    made_with_ai?: boolean | null;
    language_id?: number | null;
    top_up?: 'cheapest';
    expected_amount_minor?: number;
  },
) {
  if (!parseTrackLink(input.track_link)) throw new ValidationError({ track_link: ['express.invalid_track'] });
  await assertTrackLanguage(deps.database, input.language_id);
  const total = await quoteCampaigns(deps, input.playlist_ids);
  let purchase: Purchase = { coins: total };
  if (input.top_up === 'cheapest') {
    const quote = await quoteTopUp(deps.database, artistId, total);
    // The wallet covers the request: nothing cheaper to offer, the card buys the request's coins.
    purchase = topUpPurchase(quote) ?? purchase;
    const amount = quote.purchase?.amount_minor ?? null;
    if (
      input.expected_amount_minor !== undefined &&
      amount !== null &&
      input.expected_amount_minor !== amount
    )
      throw new ConflictError('payments.quote_changed');
  }
  const [me] = await deps.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, artistId));
  const r = await startCheckout(deps, artistId, purchase, 'card', me?.email ?? '', {
    meta: {
      track_link: input.track_link,
      playlist_ids: [...new Set(input.playlist_ids)],
      pitch: input.pitch ?? null,
      made_with_ai: input.made_with_ai ?? null,
      language_id: input.language_id ?? null,
    },
    returnPath: '/create/express/campaign',
  });
  return {
    url: r.url,
    session_id: r.ref,
    coins: r.coins,
    amount_minor: r.amountMinor,
    currency: r.currency,
    sandbox: deps.providers.payments.card.name === 'sandbox',
  };
}

/**
 * The campaign request a card payment carries in its meta until it is paid: Spotify playlists
 * (`playlist_ids`) or, with `campaign_type_id` 2 or 3, influencer accounts (`account_ids`); then the
 * outcome (`campaign_ids`, `not_created`).
 */
export interface CampaignPaymentMeta {
  campaign_type_id?: number;
  track_link?: string;
  playlist_ids?: number[];
  account_ids?: number[];
  pitch?: string | null;
  song_name?: string | null;
  unreleased?: { mediaLink: string; tiktokImg?: string | null } | null;
  /** The artist's declaration that the track was made with AI (null: not declared). */
  made_with_ai?: boolean | null;
  /** The track's language (`languages` id; null: instrumental or not said). */
  language_id?: number | null;
  campaign_ids?: number[];
  not_created?: NotCreated;
}

/** Why a card-paid request made no campaigns: the refusal's message key and parameters. */
export interface NotCreated {
  key: string;
  params?: Record<string, unknown>;
}

/**
 * Card-paid campaigns (`stripe/campaign/checkout/check/pay`): once the payment's coins are credited,
 * the campaigns of its request are created exactly once (the payment row is locked and the outcome
 * kept in its meta), holding the coins just bought. When the request can no longer be honoured (a
 * playlist became unavailable, the track already has an open campaign on one of the playlists, the
 * coins were spent meanwhile), no campaign is created and the card's coins stay in the artist's wallet:
 * the refusal is recorded with the payment, so every later confirmation answers the
 * same and the campaigns never appear later by surprise.
 * @returns the campaigns (empty while the payment is not paid) and, when none could be made, why
 * @throws NotFoundError when the payment is not the artist's campaign payment
 */
export async function campaignsFromPayment(
  deps: Deps,
  artistId: number,
  paymentId: number,
): Promise<{ campaigns: Pick<Campaign, 'id'>[]; notCreated: NotCreated | null }> {
  // Read before the payment row is locked (see prepareCampaigns): many confirmations of one return
  // wait on that lock, each holding a pool connection.
  const [peek] = await deps.database.db
    .select({ meta: payments.meta })
    .from(payments)
    .where(eq(payments.id, paymentId));
  const peekMeta = (peek?.meta ?? {}) as CampaignPaymentMeta;
  const adapter = adapterFor(peekMeta.campaign_type_id ?? spotifyAdapter.typeId);
  const prepared =
    peek && !peekMeta.campaign_ids
      ? await prepareCampaigns(deps, adapter, peekMeta.track_link ?? '')
      : undefined;
  return withTransaction(deps.database, async (tx) => {
    const [p] = await tx.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p || p.userId !== artistId || p.purpose !== 'campaign') throw new NotFoundError();
    if (p.status !== 'paid') return { campaigns: [], notCreated: null };
    const meta = (p.meta ?? {}) as CampaignPaymentMeta;
    if (meta.campaign_ids) {
      const campaigns = meta.campaign_ids.length
        ? await tx.db
            .select({ id: expressCampaigns.id })
            .from(expressCampaigns)
            .where(inArray(expressCampaigns.id, meta.campaign_ids))
        : [];
      return { campaigns, notCreated: meta.not_created ?? null };
    }
    // A refusal by the database (the unique index) aborts what ran since the savepoint only.
    let created: CreatedCampaign[] = [];
    let notCreated: NotCreated | null = null;
    try {
      created = await withSavepoint(tx, 'card_campaigns', () =>
        meta.account_ids
          ? createCampaignsFor(
              deps,
              adapter,
              artistId,
              {
                soundLink: meta.track_link ?? '',
                targetIds: meta.account_ids,
                paymentMethod: 'card',
                errorField: 'account_ids',
                pitch: meta.pitch ?? null,
                soundName: meta.song_name ?? null,
                madeWithAi: meta.made_with_ai ?? null,
                languageId: meta.language_id ?? null,
                unreleased: meta.unreleased ?? undefined,
                prepared,
              },
              tx,
            )
          : createCampaigns(
              deps,
              artistId,
              {
                track_link: meta.track_link ?? '',
                playlist_ids: meta.playlist_ids ?? [],
                paymentMethod: 'card',
                pitch: meta.pitch ?? null,
                made_with_ai: meta.made_with_ai ?? null,
                language_id: meta.language_id ?? null,
                prepared,
              },
              tx,
            ),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      notCreated = { key: err.messageKey, ...(err.options.params ? { params: err.options.params } : {}) };
    }
    await tx.db
      .update(payments)
      .set({
        meta: {
          ...meta,
          campaign_ids: created.map((c) => c.id),
          ...(notCreated ? { not_created: notCreated } : {}),
        },
      })
      .where(eq(payments.id, p.id));
    return { campaigns: created, notCreated };
  });
}
