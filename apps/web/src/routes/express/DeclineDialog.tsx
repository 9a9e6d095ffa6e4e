import { countWords, FEEDBACK_MAX_LENGTH } from '@lm/contracts/words';
import { formatNumber, isApiError, isTooLong } from '@lm/ui';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SellerPlatform, useSellerActions, useSellerDeclineReasons } from '../../hooks/use-express';
import { usePublicSettings } from '../../hooks/use-public-settings';

/** The default of `min_feedback_words` while the public settings load. */
const DEFAULT_MIN_WORDS = 15;

/**
 * Say why, for every platform: the seller declines with a reason of the platform's own list (playlist
 * reasons for curators, video reasons for creators, in the reader's language) and written feedback for
 * the artist of at least `min_feedback_words` words, counted as the server counts them (`countWords`,
 * every script) and shown live ("12 / 15 words"). The server's refusals land under their fields.
 */
export function DeclineDialog({
  platform,
  campaignId,
  track,
  onClose,
}: {
  platform: SellerPlatform;
  campaignId: number;
  track: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { decline } = useSellerActions(platform);
  const reasons = useSellerDeclineReasons(platform, true);
  const settings = usePublicSettings();
  const minWords = settings.data?.min_feedback_words ?? DEFAULT_MIN_WORDS;
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [feedback, setFeedback] = useState('');
  const [errors, setErrors] = useState<{ reason_id?: string; feedback?: string; form?: string }>({});
  const counterId = useId();
  const words = countWords(feedback);
  const enough = words >= minWords;
  const tooLong = isTooLong(feedback, FEEDBACK_MAX_LENGTH);
  const number = (n: number) => formatNumber(n, i18n.language);

  const send = async () => {
    const next: typeof errors = {};
    if (!reasonId) next.reason_id = t('express.curator.reason_required');
    if (!enough) next.feedback = t('express.decline.feedback_short', { count: minWords });
    setErrors(next);
    if (next.reason_id || next.feedback) return;
    try {
      await decline.mutateAsync({
        campaign_id: campaignId,
        reason_id: Number(reasonId),
        feedback: feedback.trim(),
      });
      onClose();
    } catch (e) {
      if (!isApiError(e)) {
        setErrors({ form: t('ui.errors.unexpected') });
        return;
      }
      // The server's messages come in the reader's language.
      const field = (name: string) => e.errors?.[name]?.[0];
      setErrors({
        reason_id: field('reason_id'),
        feedback: field('feedback'),
        form: field('reason_id') || field('feedback') ? undefined : e.message,
      });
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('express.curator.decline_title', { track })} centered>
      <Stack>
        <Select
          label={t('express.curator.reason')}
          data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.reason }))}
          value={reasonId}
          onChange={(v) => {
            setReasonId(v);
            setErrors((e) => ({ ...e, reason_id: undefined }));
          }}
          error={errors.reason_id}
          required
          data-testid="decline-reason-select"
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('express.decline.feedback_label')}
          description={t('express.decline.feedback_hint', { count: minWords })}
          value={feedback}
          onChange={(e) => {
            setFeedback(e.currentTarget.value);
            setErrors((x) => ({ ...x, feedback: undefined }));
          }}
          error={
            errors.feedback ??
            (tooLong ? t('ui.field.too_long', { max: number(FEEDBACK_MAX_LENGTH) }) : undefined)
          }
          required
          autosize
          minRows={4}
          dir="auto"
          aria-describedby={counterId}
          data-testid="decline-feedback"
        />
        <Text
          id={counterId}
          size="xs"
          c="dimmed"
          fw={enough ? 600 : undefined}
          aria-live="polite"
          data-testid="feedback-word-count"
          mt={-8}
        >
          {t('express.decline.word_count', { words: number(words), count: minWords })}
        </Text>
        {errors.form ? (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ui.confirm.cancel')}
          </Button>
          <Button
            // red.8 keeps white text at 4.5:1, and its hover shade (red.9) too.
            color="red.8"
            loading={decline.isPending}
            disabled={tooLong}
            onClick={send}
            data-testid="decline-submit"
          >
            {t('express.curator.decline')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
