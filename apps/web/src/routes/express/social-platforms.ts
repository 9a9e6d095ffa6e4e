import { IconBrandInstagram, IconBrandTiktok } from '@tabler/icons-react';
import type { SocialPlatform } from '../../hooks/social-express';

/**
 * What the artist screens need to know of a social platform (issue 12): one wizard, one detail page
 * and one renewal page serve TikTok and Instagram, parameterised by these records.
 */
export interface SocialPlatformInfo {
  key: SocialPlatform;
  /** Brand name (not translated). */
  name: string;
  /** Mantine colour of the brand accents. */
  color: string;
  Icon: typeof IconBrandTiktok;
  /** The music-link check of spec section 7 used by the wizard. */
  checkPath: string;
  linkPlaceholder: string;
  /** An unreleased song also needs a cover image (`tiktok_img`, spec section 5). */
  needsCover: boolean;
  /** Key of the catalog's texts under `express.social_artist.<key>`. */
  texts: string;
  /** Where /select/platform leads (TikTok has its own platform page, spec section 2). */
  platformPath: string;
  createPath: string;
  listPath: string;
  detailPath(id: number): string;
  /** The renewal page (spec: /tiktok/renew/express/campaign); null: renewed from the detail page. */
  renewPath: ((id: number) => string) | null;
  /** The submitted video's embed address, or null when the link is not the platform's. */
  embedUrl(video: { id: string; url: string | null }): string | null;
}

/** TikTok (campaign_type_id 2). */
export const TIKTOK: SocialPlatformInfo = {
  key: 'tiktok',
  name: 'TikTok',
  color: 'pink',
  Icon: IconBrandTiktok,
  checkPath: 'express-check-tiktok-music',
  linkPlaceholder: 'https://www.tiktok.com/music/…',
  needsCover: true,
  texts: 'tiktok',
  platformPath: '/tiktok/platform',
  createPath: '/create/tiktok/express/campaign',
  listPath: '/tiktok/express/campaigns/list',
  detailPath: (id) => `/tiktok/express-campaigns/${id}`,
  renewPath: (id) => `/tiktok/renew/express/campaign?campaign_id=${id}`,
  embedUrl: (video) => (/^\d{1,30}$/.test(video.id) ? `https://www.tiktok.com/embed/v2/${video.id}` : null),
};

const INSTAGRAM_POST = /^https:\/\/www\.instagram\.com\/(reels?|p)\/([A-Za-z0-9_-]{3,60})\/?/;

/** Instagram (campaign_type_id 3). */
export const INSTAGRAM: SocialPlatformInfo = {
  key: 'instagram',
  name: 'Instagram',
  color: 'grape',
  Icon: IconBrandInstagram,
  checkPath: 'check-instagram-music',
  linkPlaceholder: 'https://www.instagram.com/reels/audio/…',
  needsCover: false,
  texts: 'instagram',
  platformPath: '/create/instagram/express/campaign',
  createPath: '/create/instagram/express/campaign',
  listPath: '/instagram/express/campaigns/list',
  detailPath: (id) => `/instagram/express-campaigns/${id}`,
  renewPath: null,
  embedUrl: (video) => {
    const m = video.url ? INSTAGRAM_POST.exec(video.url) : null;
    return m ? `https://www.instagram.com/${m[1] === 'p' ? 'p' : 'reel'}/${m[2]}/embed/` : null;
  },
};

/** The platform records by key. */
export const SOCIAL_PLATFORMS: Record<SocialPlatform, SocialPlatformInfo> = {
  tiktok: TIKTOK,
  instagram: INSTAGRAM,
};
