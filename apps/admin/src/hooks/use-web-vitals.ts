import type { WebVitalsSummary } from '@lm/contracts/web-vitals';
import type { WebVitalsWindow } from '@lm/contracts/web-vitals-terms';
import { webVitalsKeys } from '@lm/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useGet } from './use-admin-api';

/** GET admin/web-vitals?days=: Core Web Vitals per app, route and form factor over the last `days` UTC days. */
export function useWebVitals(days: WebVitalsWindow) {
  return useGet<WebVitalsSummary>(webVitalsKeys.summary(days), 'admin/web-vitals', {
    query: { days },
    placeholderData: keepPreviousData,
  });
}
