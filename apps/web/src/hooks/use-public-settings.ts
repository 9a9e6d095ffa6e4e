import { publicSettingsQuery, useApi } from '@lm/ui';
import { useQuery } from '@tanstack/react-query';

/** What `GET setting/all` tells anyone, signed in or not (apps/api settings.routes.ts). */
export interface PublicSettings {
  maintenance_mode: boolean;
  coin_price_pence: number;
  playlist_submission_days: number;
  on_going_days: number;
  auditing_days: number;
  /** Days a seller has to answer a request before it is declined and refunded. */
  answer_days: number;
  /** Seconds a seller listens to a request before deciding (0: no rule). */
  min_listen_seconds: number;
  /** Words of written feedback a decline needs (0: none asked). */
  min_feedback_words: number;
  /** False when the site has no Google sign-in (production without Google keys). */
  google_sign_in: boolean;
  /** False when influencers cannot connect TikTok / Instagram accounts (production without the keys). */
  tiktok_connect: boolean;
  instagram_connect: boolean;
  /** The product's name set by staff (setting `mail_from_name`). */
  product_name?: string;
  /** True outside production: the code screens offer "Development mail". */
  dev_mail?: boolean;
}

/** `GET setting/all`, fetched once per page load (silently: a failure leaves the defaults). */
export function usePublicSettings() {
  const { api } = useApi();
  return useQuery(publicSettingsQuery<PublicSettings>(api));
}
