import type { ExpressListenProgress, ExpressPlayer } from '@lm/contracts/express';
import { Anchor, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconHeadphones, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LanguageRef, TrackLanguageName } from './TrackLanguage';

/** A playback event the page reports to the server, with the player's position in seconds. */
export type ListenEventName = 'play' | 'progress' | 'pause' | 'ended';
export type ListenReporter = (event: ListenEventName, position: number) => void;

/** How often a playing player reports its position (ms). */
const REPORT_EVERY_MS = 5_000;

/** What the artist tells sellers about themselves, shown beside the player. */
export interface ListenAbout {
  pitch: string | null;
  /** The language of the track's lyrics; null for an instrumental or when not said. */
  language?: LanguageRef | null;
  artist: { name: string; bio: string | null; genres: string[]; links: { kind: string; url: string }[] };
}

/**
 * Reports a player's state changes and, while it plays, its position every few seconds: the one
 * place where the three players (audio element, Spotify embed, a sound opened beside) turn into the
 * `play` / `progress` / `pause` / `ended` events the server counts.
 */
function useReporter(report: ListenReporter) {
  const last = useRef(0);
  const playing = useRef(false);
  return (state: { position: number; paused: boolean; ended?: boolean }) => {
    const now = Date.now();
    if (state.ended) {
      playing.current = false;
      report('ended', state.position);
    } else if (state.paused) {
      if (playing.current) report('pause', state.position);
      playing.current = false;
    } else if (!playing.current) {
      playing.current = true;
      last.current = now;
      report('play', state.position);
    } else if (now - last.current >= REPORT_EVERY_MS) {
      last.current = now;
      report('progress', state.position);
    }
  };
}

/** A file the browser plays (the artist's upload, the sandbox's generated preview). */
function AudioPlayer({ url, label, report }: { url: string; label: string; report: ListenReporter }) {
  const seen = useReporter(report);
  const state = (e: SyntheticEvent<HTMLAudioElement>, ended = false) => {
    const a = e.currentTarget;
    seen({ position: a.currentTime, paused: a.paused, ended });
  };
  return (
    // biome-ignore lint/a11y/useMediaCaption: a song's preview has no words to caption.
    <audio
      controls
      preload="none"
      src={url}
      aria-label={label}
      style={{ width: '100%' }}
      onPlay={state}
      onTimeUpdate={state}
      onPause={state}
      onEnded={(e) => state(e, true)}
      data-testid="listen-audio"
    />
  );
}

interface SpotifyEmbedController {
  addListener(event: 'playback_update', cb: (e: { data: SpotifyPlayback }) => void): void;
  destroy(): void;
}
interface SpotifyPlayback {
  /** Milliseconds. */
  position: number;
  duration: number;
  isPaused: boolean;
}
interface SpotifyIframeApi {
  createController(
    element: HTMLElement,
    options: { uri: string; width?: string | number; height?: number },
    callback: (controller: SpotifyEmbedController) => void,
  ): void;
}
type SpotifyWindow = Window & {
  onSpotifyIframeApiReady?: (api: SpotifyIframeApi) => void;
  lmSpotifyIframeApi?: Promise<SpotifyIframeApi>;
};

/** Spotify's embed iFrame API, loaded once per page (its script calls `onSpotifyIframeApiReady`). */
function spotifyIframeApi(): Promise<SpotifyIframeApi> {
  const w = window as SpotifyWindow;
  w.lmSpotifyIframeApi ??= new Promise((resolve) => {
    w.onSpotifyIframeApiReady = resolve;
    const script = document.createElement('script');
    script.src = 'https://open.spotify.com/embed/iframe-api/v1';
    script.async = true;
    document.body.appendChild(script);
  });
  return w.lmSpotifyIframeApi;
}

/**
 * A released Spotify track in Spotify's embed player; its `playback_update` events (position,
 * duration, isPaused) are reported.
 */
function SpotifyPlayer({ uri, report }: { uri: string; report: ListenReporter }) {
  const host = useRef<HTMLDivElement>(null);
  const seen = useReporter(report);
  const seenRef = useRef(seen);
  seenRef.current = seen;
  useEffect(() => {
    let controller: SpotifyEmbedController | null = null;
    let gone = false;
    const element = document.createElement('div');
    host.current?.appendChild(element);
    void spotifyIframeApi().then((api) => {
      if (gone) return;
      api.createController(element, { uri, width: '100%', height: 152 }, (c) => {
        controller = c;
        c.addListener('playback_update', ({ data }) =>
          seenRef.current({
            position: data.position / 1000,
            paused: data.isPaused,
            ended: data.duration > 0 && data.position >= data.duration,
          }),
        );
      });
    });
    return () => {
      gone = true;
      controller?.destroy();
    };
  }, [uri]);
  return <div ref={host} data-testid="listen-spotify" />;
}

/**
 * A sound whose platform reports no playback (a TikTok or Instagram sound page): opened beside, and
 * a timer the listener runs while it plays; its seconds are the position reported.
 */
function LinkPlayer({ url, label, report }: { url: string; label: string; report: ListenReporter }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const position = useRef(0);
  const since = useRef(0);
  const seen = useReporter(report);
  const seenRef = useRef(seen);
  seenRef.current = seen;
  useEffect(() => {
    if (!running) return;
    since.current = Date.now() - position.current * 1000;
    const tick = () => {
      position.current = (Date.now() - since.current) / 1000;
      seenRef.current({ position: position.current, paused: false });
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [running]);
  const toggle = () => {
    if (running) seen({ position: position.current, paused: true });
    setRunning(!running);
  };
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('express.listen.link_hint')}
      </Text>
      <Group gap="xs">
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noreferrer"
          variant="light"
          size="xs"
          leftSection={<IconExternalLink size={14} />}
          aria-label={label}
        >
          {t('express.listen.open_sound')}
        </Button>
        <Button
          size="xs"
          variant={running ? 'filled' : 'default'}
          leftSection={running ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
          onClick={toggle}
          data-testid="listen-timer"
        >
          {t(running ? 'express.listen.timer_stop' : 'express.listen.timer_start')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Hear it first: the seller's player for a request (Spotify embed, an audio file, or the
 * sound's page with a timer, as the server's `player` says), the listening the server has counted
 * against what the rule asks, and what the artist tells sellers (pitch, bio, genres, links). The
 * decision buttons are the page's: they open when `progress.can_decide`.
 */
export function ListenPanel({
  track,
  player,
  progress,
  about,
  onEvent,
}: {
  track: string;
  player: ExpressPlayer;
  progress: ExpressListenProgress;
  about?: ListenAbout;
  onEvent: ListenReporter;
}) {
  const { t } = useTranslation();
  const label = t('express.listen.player', { track });
  const { listened_seconds: listened, required_seconds: required } = progress;
  return (
    <Card padding="lg" radius="md" withBorder data-testid="listen-panel">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconHeadphones size={18} aria-hidden />
            <Title order={4}>{t('express.listen.title')}</Title>
          </Group>
          {required > 0 && (
            <Badge color={progress.can_decide ? 'green' : 'gray'} variant="light" data-testid="listen-status">
              {progress.can_decide
                ? t('express.listen.ready')
                : t('express.listen.progress', { required, listened })}
            </Badge>
          )}
        </Group>
        {player.kind === 'audio' && <AudioPlayer url={player.url} label={label} report={onEvent} />}
        {player.kind === 'spotify' && <SpotifyPlayer uri={player.url} report={onEvent} />}
        {player.kind === 'link' && <LinkPlayer url={player.url} label={label} report={onEvent} />}
        {required > 0 && (
          <Progress
            value={Math.min(100, (listened / required) * 100)}
            color={progress.can_decide ? 'green' : 'blue'}
            aria-label={t('express.listen.progress', { required, listened })}
          />
        )}
        {about && <AboutArtist about={about} />}
      </Stack>
    </Card>
  );
}

/** The names of the artist's links, as the artist's profile form names them. */
const LINK_LABELS = {
  spotify: 'account.artist.links.spotify',
  instagram: 'account.artist.links.instagram',
  facebook: 'account.artist.links.facebook',
  tiktok: 'account.artist.links.tiktok',
  twitter: 'account.artist.links.twitter',
} as const;

/** The artist's pitch, bio, genres and links ("what curators see about you" on the artist's profile). */
function AboutArtist({ about }: { about: ListenAbout }) {
  const { t } = useTranslation();
  const { artist } = about;
  const label = (text: string) => (
    <Text size="xs" c="dimmed" fw={500} tt="uppercase">
      {text}
    </Text>
  );
  return (
    <Stack gap="xs" data-testid="listen-about">
      {about.pitch ? (
        <Stack gap={2}>
          {label(t('express.detail.pitch'))}
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {about.pitch}
          </Text>
        </Stack>
      ) : null}
      {about.language !== undefined && (
        <Stack gap={2} data-testid="listen-language">
          {label(t('express.language.label'))}
          <TrackLanguageName language={about.language} />
        </Stack>
      )}
      <Stack gap={2}>
        {label(t('express.listen.about', { name: artist.name }))}
        <Text size="sm" dir="auto" c={artist.bio ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {artist.bio || t('express.listen.no_bio')}
        </Text>
      </Stack>
      {artist.genres.length > 0 && (
        <Group gap={4} aria-label={t('express.listen.genres')}>
          {artist.genres.map((g) => (
            <Badge key={g} variant="outline" color="gray" size="sm">
              {g}
            </Badge>
          ))}
        </Group>
      )}
      {artist.links.length > 0 && (
        <Group gap="sm">
          {artist.links.map((l) => (
            <Anchor key={l.kind} href={l.url} target="_blank" rel="noreferrer" size="sm">
              {l.kind in LINK_LABELS ? t(LINK_LABELS[l.kind as keyof typeof LINK_LABELS]) : l.kind}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}
