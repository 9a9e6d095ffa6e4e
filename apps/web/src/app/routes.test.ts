import { WEB_VITAL_ROUTE_MAX, WEB_VITAL_ROUTE_PATTERN } from '@lm/contracts/web-vitals-terms';
import { describe, expect, it } from 'vitest';
import { appRoutes, blankRoutes } from './routes';

describe('user app route patterns', () => {
  it('are all ones the Core Web Vitals beacon accepts (no digit, dot or query: issue 37)', () => {
    const paths = [...appRoutes, ...blankRoutes].map((r) => r.path);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => !WEB_VITAL_ROUTE_PATTERN.test(p) || p.length > WEB_VITAL_ROUTE_MAX)).toEqual(
      [],
    );
  });
});
