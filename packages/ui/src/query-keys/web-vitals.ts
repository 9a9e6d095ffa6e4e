/** Keys of the back-office's real-user Core Web Vitals (issue 37): the summary of a window of days. */
export const webVitalsKeys = {
  all: ['admin/web-vitals'] as const,
  summary: (days: number) => ['admin/web-vitals', days] as const,
};
