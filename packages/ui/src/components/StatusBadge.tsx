import { type StatusEntry, type StatusKind, statusKindOf } from '@lm/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeColor, statusLabelKey, WHOLE_BADGE_STYLES } from './status-colors';

export type StatusBadgeProps = Omit<BadgeProps, 'color' | 'children'> & {
  /** Words to show instead of the status's own label (its colour still comes from the status). */
  text?: string;
} & (
    | { status: StatusEntry | undefined }
    | { label: string; kind?: StatusKind }
    | { id: number; map: readonly StatusEntry[] }
  );

function resolve(props: StatusBadgeProps): { label: string; kind: StatusKind } | undefined {
  if ('status' in props) return props.status;
  if ('map' in props) return props.map.find((s) => s.id === props.id);
  return { label: props.label, kind: props.kind ?? statusKindOf(props.label) };
}

/**
 * Status badge driven by the one status palette of `@lm/contracts`: the colour comes from
 * the status's semantic kind, the same on every screen. The label is translated (`ui.status.*`).
 * Pass a map entry, a status label (its kind looked up; `text` overrides the shown words), or an id
 * with its map.
 */
export function StatusBadge(props: StatusBadgeProps) {
  const { t } = useTranslation();
  const entry = resolve(props);
  const {
    status: _s,
    label: _l,
    kind: _k,
    text: _t,
    id: _i,
    map: _m,
    ...rest
  } = props as Record<string, unknown>;
  if (!entry) return null;
  const color = badgeColor(entry.kind);
  return (
    <Badge
      variant="light"
      color={color}
      data-color={color}
      data-kind={entry.kind}
      styles={WHOLE_BADGE_STYLES}
      {...(rest as BadgeProps)}
    >
      {props.text ?? t(statusLabelKey(entry.label), { defaultValue: entry.label })}
    </Badge>
  );
}
