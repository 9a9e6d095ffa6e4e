import type { SessionUser } from '@lm/contracts';
import { type ActingFor, useActing, useSession } from '@lm/ui';
import { useBudgets } from '../../hooks/use-organisations';
import { useWalletBalance } from '../../hooks/use-wallet';
import { useOrgContext } from '../organisations/org-context';

/**
 * What pays a campaign the user buys now, for the wizards' payment step (issue 35, "Money"):
 * - `wallet`: the signed-in user's wallet, or the artist's own wallet when a team member acts for an
 *   artist who has no budget in the organisation;
 * - `budget`: while acting, the artist's monthly budget in the acting organisation, which the API
 *   draws from whenever it exists (`organisations.budget_exceeded` when it holds too few coins;
 *   never the artist's wallet instead).
 *
 * While acting the card is not offered (`coinsOnly`): card payments belong to an account's own
 * billing, and the API opens the campaign card checkout to no member acting for an artist; the
 * organisation buys coins on its billing page and funds the artist. `fundTo` is where a member whose
 * role manages the organisation's funding raises the budget or transfers coins (null when the role
 * may not, or when not acting).
 */
export interface CampaignFunds {
  /** Coins available to pay with: the budget's `available` this month, or the wallet's balance. */
  balance: number;
  source: 'wallet' | 'budget';
  acting: ActingFor | null;
  coinsOnly: boolean;
  fundTo: string | null;
}

/** {@link CampaignFunds} of the tab's acting context (`useActing`), re-rendered when it changes. */
export function useCampaignFunds(): CampaignFunds {
  const acting = useActing();
  const session = useSession<SessionUser>();
  const wallet = useWalletBalance();
  const organisationId = acting?.organisationId ?? 0;
  const { context } = useOrgContext(organisationId);
  const budgets = useBudgets(organisationId, acting !== null);
  const walletBalance = wallet.data?.balance ?? (acting ? 0 : (session.balance ?? 0));
  if (!acting) return { balance: walletBalance, source: 'wallet', acting, coinsOnly: false, fundTo: null };
  const budget = budgets.data?.find((b) => b.artist_user_id === acting.artistUserId);
  const fund = context?.can('manage', 'Funding', acting.artistUserId) ?? false;
  return budget
    ? {
        balance: budget.available,
        source: 'budget',
        acting,
        coinsOnly: true,
        fundTo: fund ? `/organisations/${organisationId}/budgets` : null,
      }
    : {
        balance: walletBalance,
        source: 'wallet',
        acting,
        coinsOnly: true,
        fundTo: fund ? `/organisations/${organisationId}/billing` : null,
      };
}
