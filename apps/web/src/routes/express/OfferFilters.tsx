import { MOODS, OFFER_SORTS, offerRangeErrors } from '@lm/contracts/offer-terms';
import { useLanguageOptions } from '@lm/ui';
import { Button, Collapse, Group, NumberInput, Select, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useExpressGenres } from '../../hooks/use-express';
import { TierFilter } from './WizardParts';

/** The filters and sort of the wizards' playlist and creator step, by their API names (`offerFilterQuery`). */
export const OFFER_FILTER_KEYS = [
  'genre_id',
  'mood',
  'language_id',
  'tier_id',
  'min_price',
  'max_price',
  'min_followers',
  'max_followers',
  'min_score',
  'max_answer_hours',
  'min_acceptance',
  'sort',
] as const;
export type OfferFilterKey = (typeof OFFER_FILTER_KEYS)[number];
export type OfferFilterState = Record<OfferFilterKey, string | null>;

/** The most-used filters shown at once; the others open under "More filters". */
const MORE: readonly OfferFilterKey[] = [
  'tier_id',
  'min_price',
  'max_price',
  'min_followers',
  'max_followers',
  'min_score',
  'max_answer_hours',
  'min_acceptance',
];

/**
 * The step's filters kept in the page's URL (issue "Choose with evidence"): a reload, a shared link or
 * the back button keeps them. Empty values are left out of the URL; changes replace the entry.
 * @returns the filters, a setter of one filter, and a reset of all
 */
export function useOfferFilters(): [
  OfferFilterState,
  (key: OfferFilterKey, value: string | null) => void,
  () => void,
] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => Object.fromEntries(OFFER_FILTER_KEYS.map((k) => [k, params.get(k) || null])) as OfferFilterState,
    [params],
  );
  const set = useCallback(
    (key: OfferFilterKey, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(
    () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const k of OFFER_FILTER_KEYS) next.delete(k);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [state, set, clear];
}

/** The filters the list may be asked for: a range whose maximum is under its minimum is not sent. */
export function filtersToSend(state: OfferFilterState): Record<string, string | null> {
  const asNumbers = Object.fromEntries(
    (['min_price', 'max_price', 'min_followers', 'max_followers'] as const).map((k) => [
      k,
      state[k] === null ? undefined : Number(state[k]),
    ]),
  );
  const errors = offerRangeErrors(asNumbers);
  return Object.fromEntries(OFFER_FILTER_KEYS.map((k) => [k, errors[k] ? null : state[k]]));
}

function NumberFilter({
  name,
  label,
  value,
  onChange,
  error,
  max,
}: {
  name: OfferFilterKey;
  label: string;
  value: string | null;
  onChange(v: string | null): void;
  error?: string | null;
  max: number;
}) {
  return (
    <NumberInput
      label={label}
      value={value ?? ''}
      onChange={(v) => onChange(v === '' ? null : String(v))}
      min={0}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator
      w={170}
      error={error}
      data-testid={`filter-${name}`}
    />
  );
}

/**
 * Filters and sort of the offers (genre, mood, language, sort at once; tier, price, followers, score,
 * answer time and acceptance rate under "More filters"). Values are kept by {@link useOfferFilters}.
 */
export function OfferFilters({
  state,
  onChange,
  onClear,
  tiers,
}: {
  state: OfferFilterState;
  onChange(key: OfferFilterKey, value: string | null): void;
  onClear(): void;
  tiers: readonly { id: number; tier_name: string; price: number }[] | undefined;
}) {
  const { t } = useTranslation();
  const genres = useExpressGenres('');
  const languages = useLanguageOptions();
  const moreSet = MORE.some((k) => state[k] !== null);
  const [more, toggleMore] = useDisclosure(moreSet);
  const ranges = offerRangeErrors({
    min_price: state.min_price === null ? undefined : Number(state.min_price),
    max_price: state.max_price === null ? undefined : Number(state.max_price),
    min_followers: state.min_followers === null ? undefined : Number(state.min_followers),
    max_followers: state.max_followers === null ? undefined : Number(state.max_followers),
  });
  const rangeError = (k: OfferFilterKey) => (ranges[k] ? t('offers.filters.max_below_min') : null);
  const any = OFFER_FILTER_KEYS.some((k) => state[k] !== null);
  return (
    <Stack gap="xs" data-testid="offer-filters">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label={t('express.fields.genre')}
          placeholder={t('express.create.all_genres')}
          data={(genres.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={state.genre_id}
          onChange={(v) => onChange('genre_id', v)}
          searchable
          clearable
          w={200}
          data-testid="genre-filter"
        />
        <Select
          label={t('offers.filters.mood')}
          placeholder={t('offers.filters.any_mood')}
          data={MOODS.map((m) => ({ value: m, label: t(`offers.moods.${m}`) }))}
          value={state.mood}
          onChange={(v) => onChange('mood', v)}
          clearable
          w={170}
          data-testid="mood-filter"
        />
        <Select
          label={t('offers.filters.language')}
          placeholder={t('offers.filters.any_language')}
          data={languages}
          value={state.language_id}
          onChange={(v) => onChange('language_id', v)}
          searchable
          clearable
          w={190}
          data-testid="language-filter"
        />
        <Select
          label={t('score.sort')}
          placeholder={t('score.sort_default')}
          // Most followers is the lists' own order (the placeholder), not offered twice.
          data={OFFER_SORTS.filter((s) => s !== 'followers_desc').map((s) => ({
            value: s,
            label: t(`offers.sorts.${s}`),
          }))}
          value={state.sort}
          onChange={(v) => onChange('sort', v)}
          clearable
          w={200}
          data-testid="score-sort"
        />
        <Button
          variant="light"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={toggleMore.toggle}
          aria-expanded={more}
          data-testid="more-filters"
        >
          {t('offers.filters.more')}
        </Button>
        {any && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} />}
            onClick={onClear}
            data-testid="clear-filters"
          >
            {t('offers.filters.clear')}
          </Button>
        )}
      </Group>
      <Collapse expanded={more}>
        <Group align="flex-start" wrap="wrap" gap="sm" pb="xs">
          <TierFilter tiers={tiers} value={state.tier_id} onChange={(v) => onChange('tier_id', v)} />
          <NumberFilter
            name="min_price"
            label={t('offers.filters.min_price')}
            value={state.min_price}
            onChange={(v) => onChange('min_price', v)}
            max={1_000_000}
          />
          <NumberFilter
            name="max_price"
            label={t('offers.filters.max_price')}
            value={state.max_price}
            onChange={(v) => onChange('max_price', v)}
            error={rangeError('max_price')}
            max={1_000_000}
          />
          <NumberFilter
            name="min_followers"
            label={t('offers.filters.min_followers')}
            value={state.min_followers}
            onChange={(v) => onChange('min_followers', v)}
            max={2_000_000_000}
          />
          <NumberFilter
            name="max_followers"
            label={t('offers.filters.max_followers')}
            value={state.max_followers}
            onChange={(v) => onChange('max_followers', v)}
            error={rangeError('max_followers')}
            max={2_000_000_000}
          />
          <Select
            label={t('score.min')}
            placeholder={t('score.min_any')}
            data={['50', '70', '90'].map((n) => ({ value: n, label: t('score.min_value', { n }) }))}
            value={state.min_score}
            onChange={(v) => onChange('min_score', v)}
            clearable
            w={160}
            data-testid="score-min"
          />
          <Select
            label={t('offers.filters.answer')}
            placeholder={t('offers.filters.any_time')}
            data={[24, 48, 72, 168].map((h) => ({
              value: String(h),
              label:
                h < 48
                  ? t('offers.filters.within_hours', { count: h })
                  : t('offers.filters.within_days', { count: h / 24 }),
            }))}
            value={state.max_answer_hours}
            onChange={(v) => onChange('max_answer_hours', v)}
            clearable
            w={180}
            data-testid="answer-filter"
          />
          <Select
            label={t('offers.filters.acceptance')}
            placeholder={t('offers.filters.any_rate')}
            data={['25', '50', '75'].map((n) => ({
              value: n,
              label: t('offers.filters.rate_at_least', { n }),
            }))}
            value={state.min_acceptance}
            onChange={(v) => onChange('min_acceptance', v)}
            clearable
            w={180}
            data-testid="acceptance-filter"
          />
        </Group>
      </Collapse>
    </Stack>
  );
}
