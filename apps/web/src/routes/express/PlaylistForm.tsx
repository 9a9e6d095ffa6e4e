import { MultiSelect, Select, Switch } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExpressDurations, useExpressGenres, useExpressTiers } from '../../hooks/use-express';

export interface PlaylistFields {
  tier_id: string | null;
  duration_id: string | null;
  genre_ids: string[];
  renewable: boolean;
}

/**
 * Tier, duration, genres (a search needs 3 characters) and the renewable switch of a curator's
 * playlist; shared by the create form and the edit dialog.
 */
export function PlaylistFieldsForm({
  value,
  onChange,
  errors = {},
  knownGenres = [],
  hideRenewable,
}: {
  value: PlaylistFields;
  onChange(next: PlaylistFields): void;
  errors?: Partial<Record<keyof PlaylistFields, string | null>>;
  knownGenres?: { id: number; name: string }[];
  hideRenewable?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const tiers = useExpressTiers();
  const durations = useExpressDurations();
  const genres = useExpressGenres(search);
  const [seen, setSeen] = useState<Map<string, string>>(
    () => new Map(knownGenres.map((g) => [String(g.id), g.name])),
  );
  const genreData = useMemo(() => {
    const map = new Map(seen);
    for (const g of genres.data ?? []) map.set(String(g.id), g.name);
    return [...map].map(([v, label]) => ({ value: v, label }));
  }, [genres.data, seen]);
  return (
    <>
      <Select
        label={t('express.fields.tier')}
        data={(tiers.data ?? []).map((x) => ({
          value: String(x.id),
          label: `${x.tier_name} · ${t('common.coins', { count: x.price })}`,
        }))}
        value={value.tier_id}
        onChange={(v) => onChange({ ...value, tier_id: v })}
        error={errors.tier_id}
        withAsterisk
        data-testid="tier-select"
      />
      <Select
        label={t('express.fields.duration')}
        data={(durations.data ?? []).map((d) => ({
          value: String(d.id),
          label: t('common.days', { count: d.duration }),
        }))}
        value={value.duration_id}
        onChange={(v) => onChange({ ...value, duration_id: v })}
        error={errors.duration_id}
        withAsterisk
        data-testid="duration-select"
      />
      <MultiSelect
        label={t('express.fields.genres')}
        description={t('express.playlist.genre_hint')}
        data={genreData}
        value={value.genre_ids}
        onChange={(ids) => {
          setSeen((prev) => {
            const next = new Map(prev);
            for (const id of ids) {
              const found = genreData.find((g) => g.value === id);
              if (found) next.set(id, found.label);
            }
            return next;
          });
          onChange({ ...value, genre_ids: ids });
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        maxValues={10}
        nothingFoundMessage={
          search.trim().length < 3 ? t('express.playlist.genre_min') : t('express.playlist.no_genre')
        }
        data-testid="genres-select"
      />
      {!hideRenewable && (
        <Switch
          label={t('express.fields.renewable')}
          description={t('express.playlist.renewable_hint')}
          checked={value.renewable}
          onChange={(e) => onChange({ ...value, renewable: e.currentTarget.checked })}
        />
      )}
    </>
  );
}
