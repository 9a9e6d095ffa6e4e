/**
 * URL of a stored avatar. Uploads store a storage key (`2026/05/uuid.png`, served under /storage/),
 * Google sign-ups store the picture's URL.
 */
export function avatarUrl(avatar: string | null | undefined): string | null {
  if (!avatar) return null;
  if (/^(https?:|blob:|data:|\/)/.test(avatar)) return avatar;
  return `/storage/${avatar}`;
}
