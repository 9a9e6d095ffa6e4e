import { IconBrandInstagram, IconBrandSpotify, IconBrandTiktok } from '@tabler/icons-react';
import type { ApiPath } from '../api/api-paths';

/**
 * What the seller places the artist's song in: a playlist (the curator adds the track, the server
 * checks the playlist) or a video (the influencer posts a video using the sound, the artist sees it
 * embedded and its views against a target).
 */
export type PlacementKind = 'playlist' | 'video';

/**
 * Everything the screens of the two apps need to know of one express platform. Pages take a
 * descriptor and never compare platform names, so a platform is added by registering one record
 * (and its API adapter) instead of editing every screen.
 */
export interface PlatformDescriptor {
  /** The key the API uses (`campaign.type`, the `express-{key}` path segment). */
  key: string;
  /** Brand name (not translated). */
  name: string;
  /** Mantine colour of the brand accents. */
  color: string;
  Icon: typeof IconBrandTiktok;
  placement: PlacementKind;
  /** Translation key of the platform's name in menus and headings (`nav.<key>`). */
  labelKey: string;
  /** Translation key of the artist's list of this platform's campaigns. */
  listTitleKey: string;
  /** Key of the catalog's texts under `express.social_artist.<texts>` (video platforms). */
  texts: string;
  /** The music-link check the create wizard calls; null when the song is picked from Spotify. */
  checkPath: ApiPath<'post'> | null;
  linkPlaceholder: string;
  /** Unreleased songs: may one be promoted, and does it also need a cover image (`tiktok_img`). */
  unreleased: { allowed: boolean; needsCover: boolean };
  /**
   * The artist confirms or disputes the posted sound within a window after the submission, because
   * the platform gives no way to read which sound a post uses; views count only once confirmed.
   */
  artistConfirmsSound: boolean;
  /** Where "new campaign" of this platform leads (a platform page or straight to the wizard). */
  platformPath: string;
  createPath: string;
  /** The wizard limited to released songs, where the platform has one. */
  releasedCreatePath: string | null;
  listPath: string;
  detailPath(id: number): string;
  /** The renewal page; null: renewed in a dialog on the detail page (the spec gives it no route). */
  renewPath: ((id: number) => string) | null;
  /** A page showing the submitted post large, where the platform has one. */
  embedPagePath: ((id: number) => string) | null;
  /** The seller's account connections of this platform; null when it needs none. */
  connectionsPath: string | null;
  /** A note under the connections of this platform (which accounts qualify), as a translation key. */
  connectionNoteKey: string | null;
  /** The back-office page of one campaign (the id as a number or as the API's string). */
  adminDetailPath(id: number | string): string;
  /** The submitted post's embed address, or null when the link is not the platform's. */
  embedUrl(video: { id: string; url: string | null }): string | null;
}

/** Spotify (campaign_type_id 1): curators add the track to one of their playlists. */
export const SPOTIFY: PlatformDescriptor = {
  key: 'spotify',
  name: 'Spotify',
  color: 'green',
  Icon: IconBrandSpotify,
  placement: 'playlist',
  labelKey: 'nav.spotify',
  listTitleKey: 'nav.spotify_campaigns',
  texts: 'spotify',
  checkPath: null,
  linkPlaceholder: 'https://open.spotify.com/track/…',
  unreleased: { allowed: false, needsCover: false },
  artistConfirmsSound: false,
  platformPath: '/spotify/platform',
  createPath: '/create/express/campaign',
  releasedCreatePath: null,
  listPath: '/express/campaigns/list',
  detailPath: (id) => `/express-campaigns/${id}`,
  renewPath: (id) => `/renew/express/campaign?campaign_id=${id}`,
  embedPagePath: null,
  connectionsPath: null,
  connectionNoteKey: null,
  adminDetailPath: (id) => `/express-campaigns/${id}`,
  embedUrl: () => null,
};

/** TikTok (campaign_type_id 2): influencers post a video using the song's sound. */
export const TIKTOK: PlatformDescriptor = {
  key: 'tiktok',
  name: 'TikTok',
  color: 'pink',
  Icon: IconBrandTiktok,
  placement: 'video',
  labelKey: 'nav.tiktok',
  listTitleKey: 'nav.tiktok_campaigns',
  texts: 'tiktok',
  checkPath: 'express-check-tiktok-music',
  linkPlaceholder: 'https://www.tiktok.com/music/…',
  unreleased: { allowed: true, needsCover: true },
  artistConfirmsSound: false,
  platformPath: '/tiktok/platform',
  createPath: '/create/tiktok/express/campaign',
  releasedCreatePath: '/create/tiktok/released/campaign',
  listPath: '/tiktok/express/campaigns/list',
  detailPath: (id) => `/tiktok/express-campaigns/${id}`,
  renewPath: (id) => `/tiktok/renew/express/campaign?campaign_id=${id}`,
  embedPagePath: null,
  connectionsPath: '/tiktok/connection/list',
  connectionNoteKey: null,
  adminDetailPath: (id) => `/express-tiktok-campaigns/${id}`,
  embedUrl: (video) => (/^\d{1,30}$/.test(video.id) ? `https://www.tiktok.com/embed/v2/${video.id}` : null),
};

const INSTAGRAM_POST = /^https:\/\/www\.instagram\.com\/(reels?|p)\/([A-Za-z0-9_-]{3,60})\/?/;

/** Instagram (campaign_type_id 3): influencers post a reel; the artist confirms its sound. */
export const INSTAGRAM: PlatformDescriptor = {
  key: 'instagram',
  name: 'Instagram',
  color: 'grape',
  Icon: IconBrandInstagram,
  placement: 'video',
  labelKey: 'nav.instagram',
  listTitleKey: 'nav.instagram_campaigns',
  texts: 'instagram',
  checkPath: 'check-instagram-music',
  linkPlaceholder: 'https://www.instagram.com/reels/audio/…',
  unreleased: { allowed: true, needsCover: false },
  artistConfirmsSound: true,
  platformPath: '/create/instagram/express/campaign',
  createPath: '/create/instagram/express/campaign',
  releasedCreatePath: null,
  listPath: '/instagram/express/campaigns/list',
  detailPath: (id) => `/instagram/express-campaigns/${id}`,
  renewPath: null,
  embedPagePath: (id) => `/instagram/embed/?campaign_id=${id}`,
  connectionsPath: '/tiktok/connection/list?platform=instagram',
  connectionNoteKey: 'social.professional_only',
  adminDetailPath: (id) => `/express-instagram-campaigns/${id}`,
  embedUrl: (video) => {
    const m = video.url ? INSTAGRAM_POST.exec(video.url) : null;
    return m ? `https://www.instagram.com/${m[1] === 'p' ? 'p' : 'reel'}/${m[2]}/embed/` : null;
  },
};

const registry = new Map<string, PlatformDescriptor>([
  [SPOTIFY.key, SPOTIFY],
  [TIKTOK.key, TIKTOK],
  [INSTAGRAM.key, INSTAGRAM],
]);

/**
 * Adds (or replaces) a platform. The three built-in platforms are registered already; tests
 * register a fake one to prove the screens need no change for a new platform.
 * @returns a function that removes the platform again (for a test's cleanup).
 */
export function registerPlatform(descriptor: PlatformDescriptor): () => void {
  registry.set(descriptor.key, descriptor);
  return () => {
    if (registry.get(descriptor.key) === descriptor) registry.delete(descriptor.key);
  };
}

/**
 * The descriptor of a platform key (a campaign's `type`, a route's platform).
 * @throws Error when no platform of that key is registered (a programming error, not user input).
 */
export function getPlatform(key: string): PlatformDescriptor {
  const descriptor = registry.get(key);
  if (!descriptor) throw new Error(`Unknown platform: ${key}`);
  return descriptor;
}

/** The descriptor of a key, or null when none is registered (for keys read from data or a URL). */
export function findPlatform(key: string | null | undefined): PlatformDescriptor | null {
  return (key && registry.get(key)) || null;
}

/** Every registered platform, in registration order (Spotify, TikTok, Instagram, then others). */
export function listPlatforms(placement?: PlacementKind): PlatformDescriptor[] {
  const all = [...registry.values()];
  return placement ? all.filter((p) => p.placement === placement) : all;
}

/** The path part of an address (without the query), without a trailing slash. */
const pathOf = (address: string) => (address.split('?')[0] ?? '').replace(/(.)\/$/, '$1');

/**
 * The platform whose screen of the given kind is at `pathname`: a route shared by every platform
 * finds its platform this way instead of comparing names. A detail path ends in the campaign id (any
 * id matches); renew and embed paths carry it in the query, which is ignored; create paths match with
 * or without the released-only variant.
 * @returns the descriptor, or null when no registered platform has a screen at that path.
 */
export function platformOfPath(
  pathname: string,
  screen: 'create' | 'detail' | 'renew' | 'embed',
): PlatformDescriptor | null {
  const id = 0;
  const path = screen === 'detail' ? pathOf(pathname).replace(/[^/]*$/, String(id)) : pathOf(pathname);
  const address = (p: PlatformDescriptor): (string | null)[] => {
    switch (screen) {
      case 'create':
        return [p.createPath, p.releasedCreatePath];
      case 'detail':
        return [p.detailPath(id)];
      case 'renew':
        return [p.renewPath?.(id) ?? null];
      case 'embed':
        return [p.embedPagePath?.(id) ?? null];
    }
  };
  return listPlatforms().find((p) => address(p).some((a) => a !== null && pathOf(a) === path)) ?? null;
}
