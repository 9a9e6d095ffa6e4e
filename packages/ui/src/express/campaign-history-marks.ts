import type { CampaignCheckMarks } from '@lm/contracts/campaign-checks';

/**
 * The campaign's own dates on its history chart, in the order they happen, each with its colour (the
 * chart's dashed line and the swatch of the list under it).
 */
export const HISTORY_MARKS: readonly { key: keyof CampaignCheckMarks; color: string }[] = [
  { key: 'accepted_at', color: 'gray.6' },
  { key: 'found_at', color: 'blue.6' },
  { key: 'on_going_from', color: 'teal.7' },
  { key: 'on_going_until', color: 'violet.6' },
  { key: 'removed_at', color: 'red.7' },
  { key: 'completed_at', color: 'dark.4' },
];
