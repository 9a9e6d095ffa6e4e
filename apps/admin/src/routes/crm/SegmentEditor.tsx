import { type CampaignSegment, LEAD_ORIGINS, type LeadOrigin, SEGMENT_MAX_DAYS } from '@lm/contracts/crm';
import { intlLocale } from '@lm/contracts/format';
import { formatNumber } from '@lm/ui';
import { Fieldset, Group, Loader, MultiSelect, NumberInput, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSegmentCount, useSegmentOptions } from '../../hooks/use-crm';

/** What the segment editor holds while the staff member types: `engaged` is the raw number field. */
export interface SegmentDraft {
  genres: string[];
  countries: string[];
  sources: LeadOrigin[];
  /** Days typed in "engaged in the last N days", '' for no such condition. */
  engaged: number | string;
}

/** A draft without conditions: the whole list. */
export const EMPTY_SEGMENT_DRAFT: SegmentDraft = { genres: [], countries: [], sources: [], engaged: '' };

/**
 * The segment a draft stands for, or the message key of its day count's error (a whole number from 1
 * to 3650: the server's own rule and words, `crm.segments.days_invalid`, under a back-office key since
 * the shared messages of the CRM are not in the back-office's catalog; never clamped). Empty
 * conditions are left out, so a draft without any is `{}` (the whole list).
 */
export function segmentFromDraft(draft: SegmentDraft): {
  segment: CampaignSegment;
  error: 'crm.segments.engaged_invalid' | null;
} {
  const segment: CampaignSegment = {};
  if (draft.genres.length) segment.genres = draft.genres;
  if (draft.countries.length) segment.countries = draft.countries;
  if (draft.sources.length) segment.sources = draft.sources;
  if (draft.engaged === '') return { segment, error: null };
  const days = Number(draft.engaged);
  if (!Number.isInteger(days) || days < 1 || days > SEGMENT_MAX_DAYS)
    return { segment, error: 'crm.segments.engaged_invalid' };
  segment.engaged_days = days;
  return { segment, error: null };
}

/**
 * The segment editor of the new campaign form (issue 36 "E-mail campaigns"): narrow the chosen list
 * by genre, country (named in the staff member's language), source and "opened or clicked in the
 * last N days", choosing among the values the list's sendable addresses have (each with its number
 * of addresses), with the live number of recipients asked from the server 400 ms after the last
 * change (the count that sending queues).
 */
export function SegmentEditor({
  listId,
  value,
  onChange,
}: {
  /** The chosen leads list, or null while none is (the fields wait for it). */
  listId: number | null;
  value: SegmentDraft;
  onChange(draft: SegmentDraft): void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const options = useSegmentOptions(listId);
  const { segment, error } = segmentFromDraft(value);
  const [debouncedKey] = useDebouncedValue(JSON.stringify(segment), 400);
  const debounced = useMemo(() => JSON.parse(debouncedKey) as CampaignSegment, [debouncedKey]);
  const count = useSegmentCount(listId, debounced, error === null);
  const n = (v: number) => formatNumber(v, lang);
  const countries = useMemo(() => {
    const locale = intlLocale(lang);
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    return (options.data?.countries ?? [])
      .map((c) => ({ value: c.value, name: names.of(c.value) ?? c.value, recipients: c.recipients }))
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((c) => ({ value: c.value, label: `${c.name} (${formatNumber(c.recipients, lang)})` }));
  }, [options.data, lang]);
  const sourceCounts = new Map((options.data?.sources ?? []).map((s) => [s.value, s.recipients]));
  const disabled = listId === null;
  const set = (patch: Partial<SegmentDraft>) => onChange({ ...value, ...patch });
  return (
    <Fieldset legend={t('crm.segments.title')} data-testid="segment-editor">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(disabled ? 'crm.segments.pick_list_first' : 'crm.segments.hint')}
        </Text>
        <MultiSelect
          label={t('crm.segments.genres')}
          placeholder={value.genres.length ? undefined : t('crm.segments.any')}
          data={(options.data?.genres ?? []).map((g) => ({
            value: g.value,
            label: `${g.value} (${n(g.recipients)})`,
          }))}
          value={value.genres}
          onChange={(genres) => set({ genres })}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('crm.segments.nothing_found')}
          disabled={disabled}
          data-testid="segment-genres"
        />
        <MultiSelect
          label={t('crm.segments.countries')}
          placeholder={value.countries.length ? undefined : t('crm.segments.any')}
          data={countries}
          value={value.countries}
          onChange={(list) => set({ countries: list })}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('crm.segments.nothing_found')}
          disabled={disabled}
          data-testid="segment-countries"
        />
        <MultiSelect
          label={t('crm.segments.sources')}
          placeholder={value.sources.length ? undefined : t('crm.segments.any')}
          data={LEAD_ORIGINS.map((s) => ({
            value: s,
            label: `${t(`crm.origin_label.${s}`)} (${n(sourceCounts.get(s) ?? 0)})`,
          }))}
          value={value.sources}
          onChange={(list) => set({ sources: list as LeadOrigin[] })}
          clearable
          hidePickedOptions
          disabled={disabled}
          data-testid="segment-sources"
        />
        <NumberInput
          label={t('crm.segments.engaged')}
          description={t('crm.segments.engaged_hint', { max: n(SEGMENT_MAX_DAYS) })}
          placeholder={t('crm.segments.any_time')}
          value={value.engaged}
          onChange={(engaged) => set({ engaged })}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          hideControls
          error={error && t(error)}
          disabled={disabled}
          w={{ base: '100%', xs: 260 }}
          data-testid="segment-engaged"
        />
        <Group gap="xs" wrap="nowrap" aria-live="polite" data-testid="segment-count">
          <IconUsers size={18} aria-hidden />
          {disabled ? (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ) : error !== null ? (
            <Text size="sm" c="dimmed">
              {t('crm.segments.count_waiting')}
            </Text>
          ) : count.data ? (
            <Text
              size="sm"
              fw={600}
              c={count.isFetching ? 'dimmed' : undefined}
              data-testid="segment-count-value"
            >
              {t('crm.segments.recipients', { count: count.data.recipients })}
            </Text>
          ) : count.isError ? (
            <Text size="sm" c="red">
              {t('crm.segments.count_failed')}
            </Text>
          ) : null}
          {!disabled && count.isFetching && <Loader size="xs" />}
        </Group>
      </Stack>
    </Fieldset>
  );
}
