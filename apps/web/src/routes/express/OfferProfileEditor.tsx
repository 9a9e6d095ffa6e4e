import {
  MOODS,
  MOODS_MAX,
  type Mood,
  OFFER_DESCRIPTION_MAX,
  OFFER_LANGUAGES_MAX,
  REVIEW_REPLY_MAX,
} from '@lm/contracts/offer-terms';
import type { OfferProfile } from '@lm/contracts/offers';
import {
  expressKeys,
  isApiError,
  type OfferKind,
  OfferProfileDrawer,
  useApi,
  useLanguageOptions,
  useOfferProfile,
} from '@lm/ui';
import {
  Button,
  Card,
  Group,
  MultiSelect,
  Paper,
  Rating,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPRESS_DATA, useExpressGenres } from '../../hooks/use-express';
import { TRACK_GENRES_MAX } from './TrackTraits';

/** What a seller sends when editing an offer's profile (the playlist edit or the account's profile call). */
export interface OfferProfileBody {
  description: string | null;
  moods: Mood[];
  language_ids: number[];
  accepts_unreleased: boolean;
  genre_ids?: number[];
}

/** The seller's public reply to a review (`POST express/seller/reviews/{campaign}/reply`). */
function useReplyToReview() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async ({ campaignId, reply }: { campaignId: number; reply: string }) =>
      api.post(`express/seller/reviews/${campaignId}/reply`, { reply }),
    meta: { invalidates: [...EXPRESS_DATA, expressKeys.offers] },
  });
}

/** One review and the seller's reply to it (write, change or remove). */
function ReviewReply({
  review,
  seller,
}: {
  review: OfferProfile['reviews']['items'][number];
  seller: string;
}) {
  const { t } = useTranslation();
  const reply = useReplyToReview();
  const [text, setText] = useState(review.reply ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async (value: string) => {
    setError(null);
    try {
      // The server's "saved" message is shown by the API client.
      await reply.mutateAsync({ campaignId: review.campaign_id, reply: value });
    } catch (e) {
      setError((isApiError(e) && (e.errors?.reply?.[0] ?? e.message)) || t('ui.errors.unexpected'));
    }
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="seller-review">
      <Group justify="space-between">
        <Rating
          value={review.rating}
          readOnly
          size="sm"
          aria-label={t('offers.rating', { rating: review.rating })}
        />
      </Group>
      {review.comment && (
        <Text size="sm" mt={4} dir="auto">
          {review.comment}
        </Text>
      )}
      <Textarea
        mt="xs"
        label={t('offers.edit.reply_label', { name: seller })}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={REVIEW_REPLY_MAX}
        autosize
        minRows={2}
        error={error}
        dir="auto"
        data-testid="review-reply"
      />
      <Group justify="flex-end" mt="xs" gap="xs">
        {review.reply && (
          <Button variant="subtle" color="red" onClick={() => void save('')} loading={reply.isPending}>
            {t('offers.edit.reply_remove')}
          </Button>
        )}
        <Button
          variant="light"
          onClick={() => void save(text)}
          loading={reply.isPending}
          disabled={!text.trim()}
          data-testid="review-reply-save"
        >
          {t('offers.edit.reply_save')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The seller's side of an offer's profile (issue "Choose with evidence"): what artists read (description,
 * moods, lyrics languages, unreleased tracks; genres for creator accounts, whose genres are set here),
 * the profile seen as artists see it (the same side panel), and public replies to reviews.
 * `save` sends the edit; its field errors show under the fields.
 */
export function OfferProfileEditor({
  kind,
  id,
  withGenres = false,
  save,
}: {
  kind: OfferKind;
  id: number;
  withGenres?: boolean;
  save(body: OfferProfileBody): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const profile = useOfferProfile(kind, id);
  const languages = useLanguageOptions();
  const genres = useExpressGenres('');
  const [draft, setDraft] = useState<OfferProfileBody | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState(false);
  const p = profile.data;
  if (!p) return null;
  const value: OfferProfileBody = draft ?? {
    description: p.description,
    moods: p.moods,
    language_ids: p.languages.map((l) => l.id),
    accepts_unreleased: p.accepts_unreleased,
    ...(withGenres ? { genre_ids: p.genres.map((g) => g.id) } : {}),
  };
  const change = (patch: Partial<OfferProfileBody>) => setDraft({ ...value, ...patch });
  const submit = async () => {
    setSaving(true);
    setErrors({});
    try {
      await save({ ...value, description: value.description?.trim() || null });
      setDraft(null);
      // The server's "saved" message is shown by the API client.
      await profile.refetch();
    } catch (e) {
      if (isApiError(e) && e.errors)
        setErrors(
          Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k.split('.')[0]!, v[0] ?? ''])),
        );
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card padding="lg" radius="md" data-testid="offer-profile-editor">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={4}>{t('offers.edit.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('offers.edit.intro')}
            </Text>
          </div>
          <Button
            variant="light"
            leftSection={<IconEye size={16} />}
            onClick={() => setPreview(true)}
            data-testid="profile-preview"
          >
            {t('offers.edit.preview')}
          </Button>
        </Group>
        <Textarea
          label={t('offers.edit.description')}
          description={t('offers.edit.description_hint')}
          value={value.description ?? ''}
          onChange={(e) => change({ description: e.currentTarget.value })}
          maxLength={OFFER_DESCRIPTION_MAX}
          autosize
          minRows={3}
          error={errors.description}
          dir="auto"
          data-testid="profile-description"
        />
        <Text size="xs" c="dimmed" ta="end">
          {t('offers.edit.characters', {
            n: (value.description ?? '').length,
            max: OFFER_DESCRIPTION_MAX,
          })}
        </Text>
        {withGenres && (
          <MultiSelect
            label={t('express.fields.genres')}
            data={(genres.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={(value.genre_ids ?? []).map(String)}
            onChange={(v) => change({ genre_ids: v.map(Number) })}
            maxValues={TRACK_GENRES_MAX}
            searchable
            clearable
            error={errors.genre_ids}
            data-testid="profile-genres"
          />
        )}
        <MultiSelect
          label={t('offers.edit.moods')}
          data={MOODS.map((m) => ({ value: m, label: t(`offers.moods.${m}`) }))}
          value={value.moods}
          onChange={(v) => change({ moods: v as Mood[] })}
          maxValues={MOODS_MAX}
          clearable
          error={errors.moods}
          data-testid="profile-moods"
        />
        <MultiSelect
          label={t('offers.edit.languages')}
          description={t('offers.edit.languages_hint')}
          data={languages}
          value={value.language_ids.map(String)}
          onChange={(v) => change({ language_ids: v.map(Number) })}
          maxValues={OFFER_LANGUAGES_MAX}
          searchable
          clearable
          error={errors.language_ids}
          data-testid="profile-languages"
        />
        <Switch
          label={t('offers.edit.accepts_unreleased')}
          checked={value.accepts_unreleased}
          onChange={(e) => change({ accepts_unreleased: e.currentTarget.checked })}
          data-testid="profile-unreleased"
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={saving} disabled={draft === null} data-testid="profile-save">
            {t('offers.edit.save')}
          </Button>
        </Group>
        {p.reviews.items.length > 0 && (
          <Stack gap="xs">
            <Title order={5}>{t('offers.edit.reviews')}</Title>
            {p.reviews.items.map((r) => (
              <ReviewReply key={r.id} review={r} seller={p.seller.name} />
            ))}
          </Stack>
        )}
      </Stack>
      <OfferProfileDrawer kind={kind} id={preview ? id : null} onClose={() => setPreview(false)} />
    </Card>
  );
}
