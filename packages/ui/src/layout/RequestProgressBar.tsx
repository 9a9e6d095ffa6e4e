import { useTranslation } from 'react-i18next';
import { useRequestsInFlight } from '../api/request-state';

/** Thin bar at the top while API requests are in flight (counted, spec section 8). */
export function RequestProgressBar() {
  const inFlight = useRequestsInFlight();
  const { t } = useTranslation();
  if (inFlight === 0) return null;
  return (
    <div
      className="lm-progress"
      role="progressbar"
      aria-label={t('ui.common.loading')}
      data-in-flight={inFlight}
    />
  );
}
