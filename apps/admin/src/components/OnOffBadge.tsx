import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A yes/no state of a list row (active or retired, on or off, processed or not): green when on, grey
 * when off. `labels` are the translation keys of the two texts, the "on" one first.
 */
export function OnOffBadge({
  on,
  labels: [onLabel, offLabel],
}: {
  on: boolean;
  labels: readonly [string, string];
}) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={on ? 'green' : 'gray'}>
      {t(on ? onLabel : offLabel)}
    </Badge>
  );
}
