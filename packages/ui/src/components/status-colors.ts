import type { BadgeColor } from '@lm/contracts';

/**
 * Theme colour of each contracts badge colour (spec section 4 colour maps): success → green,
 * warning → orange, danger → red, primary → blue, secondary → gray, info → cyan.
 */
export const BADGE_COLORS: Readonly<Record<BadgeColor, string>> = {
  success: 'green',
  warning: 'orange',
  danger: 'red',
  primary: 'blue',
  secondary: 'gray',
  info: 'cyan',
};

/** Mantine colour of a contracts badge colour; unknown values are gray. */
export function badgeColor(color: BadgeColor | string): string {
  return (BADGE_COLORS as Record<string, string>)[color] ?? 'gray';
}

/** i18n key of a status label: "Pending for Approval" → `ui.status.pending_for_approval`. */
export function statusLabelKey(label: string): string {
  return `ui.status.${label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;
}
