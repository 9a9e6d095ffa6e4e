import { ApiRequestError, CountedTextarea, confirmAction, isTooLong } from '@lm/ui';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayoutDecision } from '../../hooks/use-payouts';

/** Approve (funds the Wise transfer) and Decline with a reason (coins returned) of a pending request. */
export function PayoutActions({ id, size = 'sm' }: { id: number; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const decide = usePayoutDecision();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Group gap="xs" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
        <Button
          size={size}
          color="green"
          leftSection={<IconCheck size={14} />}
          loading={decide.isPending && decide.variables?.action === 'approve'}
          onClick={async () => {
            if (await confirmAction({ message: t('payouts.admin.approve_confirm') }))
              decide.mutate({ id, action: 'approve' });
          }}
          data-testid={`approve-${id}`}
        >
          {t('payouts.admin.approve')}
        </Button>
        <Button
          size={size}
          color="red"
          variant="light"
          leftSection={<IconX size={14} />}
          onClick={() => setDeclining(true)}
          data-testid={`decline-${id}`}
        >
          {t('payouts.admin.decline')}
        </Button>
      </Group>
      <Modal
        opened={declining}
        onClose={() => setDeclining(false)}
        title={t('payouts.admin.decline_title')}
        centered
      >
        <Stack>
          <CountedTextarea
            max={500}
            label={t('payouts.admin.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            minRows={3}
            data-autofocus
            data-testid="decline-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(false)}>
              {t('payouts.cancel')}
            </Button>
            <Button
              color="red"
              loading={decide.isPending}
              disabled={isTooLong(reason, 500)}
              onClick={async () => {
                setError(null);
                if (reason.trim().length < 3) {
                  setError(t('payouts.reason_required'));
                  return;
                }
                try {
                  await decide.mutateAsync({ id, action: 'decline', reason: reason.trim() });
                  setDeclining(false);
                } catch (err) {
                  if (err instanceof ApiRequestError) setError(err.errors?.reason?.[0] ?? err.message);
                }
              }}
              data-testid="decline-confirm"
            >
              {t('payouts.admin.decline')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
