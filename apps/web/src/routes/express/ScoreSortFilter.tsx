import { SCORE_SORTS } from '@lm/contracts/score-parts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Minimum scores offered in the filter (the API accepts any whole number 0..100). */
const MIN_SCORES = ['50', '70', '90'] as const;

/**
 * Sort by quality score and filter by a minimum score, for the playlist and account choices
 * of the campaign wizards. Values go to the list endpoints' `sort` and `min_score` as they are.
 */
export function ScoreSortFilter({
  sort,
  onSort,
  minScore,
  onMinScore,
}: {
  sort: string | null;
  onSort(v: string | null): void;
  minScore: string | null;
  onMinScore(v: string | null): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('score.sort')}
        placeholder={t('score.sort_default')}
        data={SCORE_SORTS.map((s) => ({
          value: s,
          label: t(s === 'score_desc' ? 'score.sort_desc' : 'score.sort_asc'),
        }))}
        value={sort}
        onChange={onSort}
        clearable
        w={200}
        data-testid="score-sort"
      />
      <Select
        label={t('score.min')}
        placeholder={t('score.min_any')}
        data={MIN_SCORES.map((n) => ({ value: n, label: t('score.min_value', { n }) }))}
        value={minScore}
        onChange={onMinScore}
        clearable
        w={160}
        data-testid="score-min"
      />
    </>
  );
}
