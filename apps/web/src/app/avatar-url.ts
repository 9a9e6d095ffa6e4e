import { UPLOAD_KEY_PATTERN } from '@lm/contracts/limits';

/**
 * URL of a stored avatar: uploads store a storage key (`2026/05/uuid.png`, served under /storage/).
 * Anything else (a link to another site, saved before avatars had to be uploads) is not loaded; local
 * previews (`blob:`, `data:`) are shown as they are.
 */
export function avatarUrl(avatar: string | null | undefined): string | null {
  if (!avatar) return null;
  if (/^(blob:|data:)/.test(avatar)) return avatar;
  return UPLOAD_KEY_PATTERN.test(avatar) ? `/storage/${avatar}` : null;
}
