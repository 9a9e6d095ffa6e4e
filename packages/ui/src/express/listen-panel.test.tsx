// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { ListenPanel } from './ListenPanel';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
beforeAll(initTestI18n);

const player = {
  kind: 'audio' as const,
  url: '/api/sandbox/audio/spotify/x.wav?seconds=45',
  reports_playback: true,
};

describe('<ListenPanel> (hear it first: the player reports what it plays)', () => {
  it('names its player, shows the listening against the rule, and reports play, progress every 5 s and pause', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
    const onEvent = vi.fn();
    renderWithUi(
      <ListenPanel
        track="Night Drive"
        player={player}
        progress={{ listened_seconds: 12, required_seconds: 30, can_decide: false }}
        about={{ pitch: 'Late drives', artist: { name: 'Ava', bio: null, genres: ['Synth pop'], links: [] } }}
        onEvent={onEvent}
      />,
    );
    expect(screen.getByTestId('listen-status').textContent).toBe('Listen 30 seconds to decide: 12 seconds');
    const audio = screen.getByLabelText('Play "Night Drive"') as HTMLAudioElement;
    const at = (position: number, paused: boolean) => {
      Object.defineProperty(audio, 'currentTime', { value: position, configurable: true });
      Object.defineProperty(audio, 'paused', { value: paused, configurable: true });
    };
    at(0, false);
    fireEvent.play(audio);
    at(2, false);
    fireEvent.timeUpdate(audio);
    vi.setSystemTime(new Date('2026-11-29T10:00:05Z'));
    at(5, false);
    fireEvent.timeUpdate(audio);
    at(6, true);
    fireEvent.pause(audio);
    expect(onEvent.mock.calls).toEqual([
      ['play', 0],
      ['progress', 5],
      ['pause', 6],
    ]);
    expect(screen.getByTestId('listen-about').textContent).toContain('Synth pop');
  });

  it('says the decision is open once the server counted enough', () => {
    renderWithUi(
      <ListenPanel
        track="Night Drive"
        player={player}
        progress={{ listened_seconds: 31, required_seconds: 30, can_decide: true }}
        onEvent={() => undefined}
      />,
    );
    expect(screen.getByTestId('listen-status').textContent).toBe('Listened: you can decide');
  });
});
