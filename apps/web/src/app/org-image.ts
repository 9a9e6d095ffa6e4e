import { avatarUrl } from './avatar-url';

/**
 * Source of an organisation's logo or a roster artist's avatar: the API answers a served path
 * (`/storage/…`) or a storage key; anything else is not loaded (see `avatarUrl`).
 */
export function orgImage(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/storage/') ? url : avatarUrl(url);
}
