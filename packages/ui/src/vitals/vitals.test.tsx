// @vitest-environment jsdom
import { WEB_VITAL_ROUTE_PATTERN } from '@lm/contracts/web-vitals-terms';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ScreenRoute, ScreenRouter } from '../ability/ScreenRouter';
import { renderWithUi } from '../test/render';
import { type MeasuredMetric, measured, sampleOf } from './report-vitals';
import { recordRoute, resetRouteTimeline, routeAt } from './route-timeline';

/**
 * Real-user Core Web Vitals (issue 37): the router records route patterns, never addresses, and a
 * metric is told against the pattern on screen when its entry started.
 */

beforeEach(() => resetRouteTimeline());
afterEach(() => cleanup());

const blank: ScreenRoute[] = [
  { path: '/login', boot: true, screen: () => <p>login</p> },
  { path: '/campaigns/:campaignId', boot: true, screen: () => <p>campaign</p> },
  { path: '/shared/results/:token', boot: true, screen: () => <p>shared</p> },
];

async function openAt(address: string) {
  window.history.pushState({}, '', address);
  await act(async () => {
    renderWithUi(
      <ScreenRouter
        blankRoutes={blank}
        signedInRoutes={[]}
        signedInLayout={() => null}
        notFound={<p>not found</p>}
        unknown={<p>unknown</p>}
      />,
    );
  });
}

describe('route timeline', () => {
  it('records the matched pattern of each address, not the address', async () => {
    await openAt('/campaigns/4521?tab=results#top');
    expect(screen.getByText('campaign')).toBeTruthy();
    expect(routeAt(performance.now())).toBe('/campaigns/:campaignId');
    cleanup();
    await openAt('/shared/results/eyJpZCI6IjQyIn0.c2ln');
    expect(routeAt(performance.now())).toBe('/shared/results/:token');
    cleanup();
    await openAt('/no/such/page/77');
    expect(screen.getByText('unknown')).toBeTruthy();
    expect(routeAt(performance.now())).toBe('*');
  });

  it('answers the pattern on screen at a time: the landing one before the first record, * with none', () => {
    expect(routeAt(5)).toBe('*');
    recordRoute('/login', 100);
    recordRoute('/dashboard', 300);
    recordRoute('/campaigns/:campaignId', 900);
    expect(routeAt(0)).toBe('/login');
    expect(routeAt(299)).toBe('/login');
    expect(routeAt(300)).toBe('/dashboard');
    expect(routeAt(10_000)).toBe('/campaigns/:campaignId');
  });
});

describe('sampleOf', () => {
  const metric = (over: Partial<MeasuredMetric>): MeasuredMetric => ({
    name: 'INP',
    value: 212.34,
    rating: 'needs-improvement',
    navigationType: 'navigate',
    at: 10_000,
    ...over,
  });

  it('tells a metric against the route on screen when it happened, read when it is sent', () => {
    const click = measured({
      name: 'INP',
      value: 212.34,
      rating: 'needs-improvement',
      navigationType: 'navigate',
      entries: [{ startTime: 200 } as PerformanceEventTiming],
      delta: 212.34,
      id: 'v5-1',
    });
    // The reporter may get a metric before the router has recorded anything: the landing route is
    // recorded by the time the page is hidden and the sample made.
    recordRoute('/login', 300);
    recordRoute('/campaigns/:campaignId', 500);
    expect(sampleOf(click)).toEqual({
      metric: 'INP',
      value: 212.3,
      rating: 'needs-improvement',
      route: '/login',
      navigation_type: 'navigate',
    });
    expect(sampleOf(metric({ name: 'CLS', value: 0.123456, rating: 'needs-improvement' }))).toMatchObject({
      value: 0.1235,
      route: '/campaigns/:campaignId',
    });
  });

  it('leaves out what the API would refuse, so one value cannot lose the others', () => {
    expect(sampleOf(metric({ value: Number.NaN }))).toBeNull();
    expect(sampleOf(metric({ value: -1 }))).toBeNull();
    expect(sampleOf(metric({ value: 60_001 }))).toBeNull();
    expect(sampleOf(metric({ name: 'FID' as 'INP' }))).toBeNull();
    expect(sampleOf(metric({ navigationType: 'soft-navigation' as 'navigate' }))?.navigation_type).toBe(
      'navigate',
    );
  });

  it('sends only patterns the beacon accepts', () => {
    for (const route of ['/', '*', '/campaigns/:campaignId', '/tiktok/express/tiers/list'])
      expect(route).toMatch(WEB_VITAL_ROUTE_PATTERN);
    for (const address of ['/campaigns/4521', '/results?campaign=a', '/shared/results/eyJpZCI6.c2ln'])
      expect(address).not.toMatch(WEB_VITAL_ROUTE_PATTERN);
  });
});
