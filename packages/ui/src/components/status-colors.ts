import { type StatusKind, statusColor } from '@lm/contracts/statuses';

/**
 * Mantine colour of a semantic status kind, from the one palette in `@lm/contracts`:
 * waiting yellow, in progress blue, success green, failure red, neutral grey. Unknown values are grey.
 */
export function badgeColor(kind: StatusKind | string): string {
  return statusColor(kind);
}

/** i18n key of a status label: "Pending for Approval" → `ui.status.pending_for_approval`. */
export function statusLabelKey(label: string): string {
  return `ui.status.${label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;
}

/**
 * Styles that keep a badge whole: Mantine's badge cuts its label with an ellipsis ("PEN…") when its
 * cell is narrow; a status badge wraps onto a second line instead and never shrinks below its longest word.
 */
export const WHOLE_BADGE_STYLES = {
  root: {
    height: 'auto',
    minHeight: 'var(--badge-height)',
    overflow: 'visible',
    flexShrink: 0,
    maxWidth: '100%',
  },
  label: {
    whiteSpace: 'normal',
    overflow: 'visible',
    textOverflow: 'clip',
    textAlign: 'center',
    lineHeight: 1.35,
  },
} as const;
