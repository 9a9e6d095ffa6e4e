import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { Disclosure } from '@lm/contracts/disclosure';
import { Alert, Badge, Group, Radio, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The artist's declaration on a create wizard's song step: was the track made with AI? A required
 * choice (null until answered); the answer filters the playlists or accounts offered next.
 */
export function MadeWithAiField({
  value,
  onChange,
  error,
}: {
  value: boolean | null;
  onChange(value: boolean): void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('express.ai.question')}
      description={t('express.ai.question_hint')}
      value={value === null ? null : value ? 'yes' : 'no'}
      onChange={(v) => onChange(v === 'yes')}
      error={error ?? undefined}
      withAsterisk
      data-testid="made-with-ai"
    >
      <Group mt="xs">
        <Radio value="no" label={t('express.ai.no')} data-testid="made-with-ai-no" />
        <Radio value="yes" label={t('express.ai.yes')} data-testid="made-with-ai-yes" />
      </Group>
    </Radio.Group>
  );
}

/**
 * The artist's declaration of whether the track was made with AI (`made_with_ai`): "Yes" (orange,
 * since some sellers refuse such tracks), "No", or "Not declared" (null: requests made before the
 * question, or by staff on an artist's behalf). Issue "Listen, decide, explain", Honest promotion.
 */
export function MadeWithAiValue({ value }: { value: boolean | null | undefined }) {
  const { t } = useTranslation();
  const answer = value === true ? 'value_yes' : value === false ? 'value_no' : 'value_null';
  return (
    <Text span size="sm" fw={600} c={value === true ? 'orange' : undefined} data-testid="made-with-ai-value">
      {t(`express.ai.${answer}`)}
    </Text>
  );
}

/** "Made with AI: yes / no / not declared" as one line, read before a seller decides. */
export function MadeWithAi({ value }: { value: boolean | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid="made-with-ai-line">
      {t('express.ai.label')}: <MadeWithAiValue value={value} />
    </Text>
  );
}

const DISCLOSURE_COLOR: Record<Disclosure, string> = { flag: 'teal', caption: 'teal', missing: 'red' };

/**
 * How a TikTok or Instagram video disclosed its paid promotion at its last proof (`disclosure`): the
 * platform's paid-partnership label, an #ad-style word in its caption, or missing; "Not checked yet"
 * (null) before a video was proven.
 */
export function DisclosureValue({ value }: { value: Disclosure | null | undefined }) {
  const { t } = useTranslation();
  if (!value)
    return (
      <Text span size="sm" c="dimmed" data-testid="disclosure-value">
        {t('express.disclosure.none')}
      </Text>
    );
  return (
    <Badge variant="light" color={DISCLOSURE_COLOR[value]} data-testid="disclosure-value">
      {t(`express.disclosure.${value}`)}
    </Badge>
  );
}

/**
 * For the creator of a video campaign still waiting for its video whose last submission did not
 * disclose the paid promotion: what to add before submitting again. Nothing otherwise.
 */
export function DisclosureFix({
  campaign,
}: {
  campaign: { status: { id: number }; disclosure: Disclosure | null };
}) {
  const { t } = useTranslation();
  if (campaign.disclosure !== 'missing' || campaign.status.id !== S.WAITING_SUBMISSION) return null;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={t('express.disclosure.fix_title')}
      data-testid="disclosure-fix"
    >
      {t('express.disclosure.fix_text')}
    </Alert>
  );
}
