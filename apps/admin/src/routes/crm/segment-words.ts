import type { CampaignSegment } from '@lm/contracts/crm';
import { intlLocale } from '@lm/contracts/format';
import type { TFunction } from 'i18next';

/**
 * A campaign's segment in words (issue 36 "E-mail campaigns"), one phrase per condition, for the
 * campaign page and the send confirmation: "Genre: rock or pop", "Country: France or Germany"
 * (country names in the reader's language through `Intl.DisplayNames`), "Source: CSV import",
 * "Opened or clicked in the last 30 days". Values of one condition are joined with the language's
 * "or" (`Intl.ListFormat`, disjunction). An empty array: no condition, the whole list.
 */
export function segmentPhrases(
  segment: CampaignSegment | null | undefined,
  t: TFunction,
  language: string,
): string[] {
  if (!segment) return [];
  const locale = intlLocale(language);
  const or = new Intl.ListFormat(locale, { type: 'disjunction' });
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  const phrases: string[] = [];
  if (segment.genres?.length)
    phrases.push(t('crm.segments.words.genres', { values: or.format(segment.genres) }));
  if (segment.countries?.length)
    phrases.push(
      t('crm.segments.words.countries', {
        values: or.format(segment.countries.map((c) => regions.of(c) ?? c)),
      }),
    );
  if (segment.sources?.length)
    phrases.push(
      t('crm.segments.words.sources', {
        values: or.format(segment.sources.map((s) => t(`crm.origin_label.${s}`))),
      }),
    );
  if (segment.engaged_days !== undefined)
    phrases.push(t('crm.segments.words.engaged', { count: segment.engaged_days }));
  return phrases;
}

/**
 * The whole segment as one sentence: "Whole list" without conditions, else the phrases of
 * `segmentPhrases` joined with the language's "and" (every condition holds together).
 */
export function segmentSentence(
  segment: CampaignSegment | null | undefined,
  t: TFunction,
  language: string,
): string {
  const phrases = segmentPhrases(segment, t, language);
  if (phrases.length === 0) return t('crm.segments.words.whole_list');
  return new Intl.ListFormat(intlLocale(language), { type: 'conjunction' }).format(phrases);
}
