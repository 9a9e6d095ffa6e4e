import type { SessionUser } from '@lm/contracts';
import { MOODS, MOODS_MAX, type Mood } from '@lm/contracts/offer-terms';
import { useSession } from '@lm/ui';
import { MultiSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExpressGenres } from '../../hooks/use-express';

/** Genres a track may be given for matching (as many as a profile holds). */
export const TRACK_GENRES_MAX = 5;

/**
 * The track's genres and moods of the song step (issue "Choose with evidence"): what "Matched for this
 * track" is built from. Genres start as the artist's profile genres; both are optional.
 * @returns the state and the fields to render
 */
export function useTrackTraits() {
  const session = useSession<SessionUser>();
  const [genreIds, setGenreIds] = useState<number[]>(() =>
    (session.user?.profile?.genres ?? []).map((g) => g.id),
  );
  const [moods, setMoods] = useState<Mood[]>([]);
  return { genreIds, setGenreIds, moods, setMoods };
}

/** The song step's genre and mood pickers (searchable; at most five of each). */
export function TrackTraitsFields({
  genreIds,
  onGenres,
  moods,
  onMoods,
}: {
  genreIds: number[];
  onGenres(ids: number[]): void;
  moods: Mood[];
  onMoods(moods: Mood[]): void;
}) {
  const { t } = useTranslation();
  const genres = useExpressGenres('');
  return (
    <>
      <MultiSelect
        label={t('offers.track.genres')}
        description={t('offers.track.genres_hint')}
        data={(genres.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        value={genreIds.map(String)}
        onChange={(v) => onGenres(v.map(Number))}
        maxValues={TRACK_GENRES_MAX}
        searchable
        clearable
        data-testid="track-genres"
      />
      <MultiSelect
        label={t('offers.track.moods')}
        description={t('offers.track.moods_hint')}
        data={MOODS.map((m) => ({ value: m, label: t(`offers.moods.${m}`) }))}
        value={moods}
        onChange={(v) => onMoods(v as Mood[])}
        maxValues={MOODS_MAX}
        searchable
        clearable
        data-testid="track-moods"
      />
    </>
  );
}
