// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WhenVisible } from './WhenVisible';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** An IntersectionObserver the test drives: it records the margin asked for and the callback. */
function fakeObserver() {
  const seen: { margin?: string; callback?: Callback; disconnected: boolean } = { disconnected: false };
  class Fake {
    constructor(callback: Callback, options: { rootMargin?: string }) {
      seen.callback = callback;
      seen.margin = options.rootMargin;
    }
    observe() {}
    disconnect() {
      seen.disconnected = true;
    }
  }
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = Fake;
  return seen;
}

afterEach(() => {
  cleanup();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('WhenVisible', () => {
  it('shows the placeholder until the place nears the screen, then the children, and stops watching', () => {
    const observer = fakeObserver();
    render(
      <WhenVisible placeholder={<p>waiting</p>}>
        <p>charts</p>
      </WhenVisible>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(screen.queryByText('charts')).toBeNull();
    expect(observer.margin).toBe('300px');
    act(() => observer.callback?.([{ isIntersecting: false }]));
    expect(screen.queryByText('charts')).toBeNull();
    act(() => observer.callback?.([{ isIntersecting: true }]));
    expect(screen.getByText('charts')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(observer.disconnected).toBe(true);
  });

  it('renders the children at once where the browser cannot tell (no IntersectionObserver)', () => {
    render(
      <WhenVisible placeholder={<p>waiting</p>}>
        <p>charts</p>
      </WhenVisible>,
    );
    expect(screen.getByText('charts')).toBeTruthy();
  });
});
