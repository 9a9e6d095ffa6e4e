import type { SessionUser } from '@lm/contracts';

/** Optional profile fields a complete profile has filled in. */
export const PROFILE_FIELDS = ['avatar', 'gender', 'birth_date', 'phone_number', 'country_code'] as const;

/** Share of the optional profile fields that are filled, 0–100 (rounded), and the missing ones. */
export function profileCompleteness(user: Pick<SessionUser, (typeof PROFILE_FIELDS)[number]>): {
  percent: number;
  missing: (typeof PROFILE_FIELDS)[number][];
} {
  const missing = PROFILE_FIELDS.filter((field) => !user[field]);
  return {
    percent: Math.round(((PROFILE_FIELDS.length - missing.length) / PROFILE_FIELDS.length) * 100),
    missing,
  };
}
