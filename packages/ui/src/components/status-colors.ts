import { type StatusKind, statusColor } from '@lm/contracts';

/**
 * Mantine colour of a semantic status kind, from the one palette in `@lm/contracts` (issue 20):
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
