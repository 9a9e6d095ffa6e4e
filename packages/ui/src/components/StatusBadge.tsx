import type { BadgeColor, StatusEntry } from '@lm/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeColor, statusLabelKey } from './status-colors';

export type StatusBadgeProps = Omit<BadgeProps, 'color' | 'children'> &
  (
    | { status: StatusEntry | undefined }
    | { label: string; color: BadgeColor }
    | { id: number; map: readonly StatusEntry[]; color?: (id: number) => BadgeColor }
  );

function resolve(props: StatusBadgeProps): { label: string; color: BadgeColor } | undefined {
  if ('status' in props) return props.status;
  if ('map' in props) {
    const entry = props.map.find((s) => s.id === props.id);
    if (!entry) return undefined;
    return { label: entry.label, color: props.color ? props.color(props.id) : entry.color };
  }
  return { label: props.label, color: props.color };
}

/**
 * Status badge driven by the contracts' status and colour maps (spec section 4). The label is
 * translated (`ui.status.*`); the colour comes from {@link badgeColor}. Pass an entry, a label and
 * colour, or an id with its map (and optionally the list colour function, e.g. expressListBadgeColor).
 */
export function StatusBadge(props: StatusBadgeProps) {
  const { t } = useTranslation();
  const entry = resolve(props);
  const { status: _s, label: _l, color: _c, id: _i, map: _m, ...rest } = props as Record<string, unknown>;
  if (!entry) return null;
  const color = badgeColor(entry.color);
  return (
    <Badge variant="light" color={color} data-color={color} {...(rest as BadgeProps)}>
      {t(statusLabelKey(entry.label), { defaultValue: entry.label })}
    </Badge>
  );
}
