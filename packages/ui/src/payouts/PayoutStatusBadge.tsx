import { PAYOUT_STATUSES } from '@lm/contracts';
import { StatusBadge } from '../components/StatusBadge';

/** Badge of a payout's status_id (1 pending, 2 processing, 3 paid, 4 declined, 5 failed). */
export function PayoutStatusBadge({ statusId }: { statusId: number }) {
  return <StatusBadge id={statusId} map={PAYOUT_STATUSES} data-testid="payout-status" />;
}
