import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { CountedTextarea, confirmAction, type ExpressCampaign, isApiError, isTooLong } from '@lm/ui';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { IconCheck, IconPlaylistAdd, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCuratorActions, useDeclineReasons } from '../../hooks/express';

/**
 * A curator's actions on an incoming campaign: Approve and Decline (with a reason) while it waits
 * for approval; "I added it" while it waits for the playlist submission, with the check's result.
 */
export function CuratorActions({ campaign, size = 'xs' }: { campaign: ExpressCampaign; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const { approve, decline, added } = useCuratorActions();
  const [declining, setDeclining] = useState(false);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const reasons = useDeclineReasons(declining);
  const status = campaign.status.id;

  const doApprove = async () => {
    if (
      !(await confirmAction({
        message: t('express.curator.approve_confirm', { track: campaign.track.name }),
      }))
    )
      return;
    await approve.mutateAsync(campaign.id).catch(() => undefined);
  };
  const doDecline = async () => {
    if (!reasonId) {
      setReasonError(t('express.curator.reason_required'));
      return;
    }
    try {
      await decline.mutateAsync({
        campaign_id: campaign.id,
        reason_id: Number(reasonId),
        reason: note.trim() || undefined,
      });
      setDeclining(false);
    } catch {
      // The toast shows the server's message.
    }
  };
  const doAdded = async () => {
    setResult(null);
    try {
      const r = await added.mutateAsync(campaign);
      setResult({ ok: r.data.found, message: r.message ?? '' });
    } catch (e) {
      setResult({ ok: false, message: isApiError(e) ? e.message : t('ui.errors.unexpected') });
    }
  };

  return (
    <Stack gap={6} onClick={(e) => e.stopPropagation()}>
      <Group gap="xs" wrap="nowrap">
        {status === S.PENDING_APPROVAL && (
          <>
            <Button
              size={size}
              color="green"
              leftSection={<IconCheck size={14} />}
              loading={approve.isPending}
              onClick={doApprove}
              data-testid="approve-campaign"
            >
              {t('express.curator.approve')}
            </Button>
            <Button
              size={size}
              color="red"
              variant="light"
              leftSection={<IconX size={14} />}
              onClick={() => {
                setReasonId(null);
                setNote('');
                setReasonError(null);
                setDeclining(true);
              }}
              data-testid="decline-campaign"
            >
              {t('express.curator.decline')}
            </Button>
          </>
        )}
        {status === S.WAITING_SUBMISSION && (
          <Button
            size={size}
            variant="light"
            leftSection={<IconPlaylistAdd size={14} />}
            loading={added.isPending}
            onClick={doAdded}
            data-testid="added-it"
          >
            {t('express.curator.added_it')}
          </Button>
        )}
      </Group>
      {result && (
        <Alert
          color={result.ok ? 'green' : 'orange'}
          p="xs"
          withCloseButton
          onClose={() => setResult(null)}
          data-testid="added-result"
        >
          {result.message}
        </Alert>
      )}
      <Modal
        opened={declining}
        onClose={() => setDeclining(false)}
        title={t('express.curator.decline_title', { track: campaign.track.name })}
        centered
      >
        <Stack>
          <Select
            label={t('express.curator.reason')}
            data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.reason }))}
            value={reasonId}
            onChange={(v) => {
              setReasonId(v);
              setReasonError(null);
            }}
            error={reasonError}
            data-testid="decline-reason-select"
            comboboxProps={{ withinPortal: true }}
          />
          <CountedTextarea
            label={t('express.curator.reason_note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            max={500}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(false)}>
              {t('ui.confirm.cancel')}
            </Button>
            <Button
              color="red"
              loading={decline.isPending}
              disabled={isTooLong(note, 500)}
              onClick={doDecline}
              data-testid="decline-submit"
            >
              {t('express.curator.decline')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
