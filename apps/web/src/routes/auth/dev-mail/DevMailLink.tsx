import { Anchor } from '@mantine/core';
import { IconMailCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../../../hooks/use-public-settings';

/**
 * "Development mail" under a code screen, outside production only (`setting/all` `dev_mail`): opens,
 * in a new tab, the mails sent to `email` by this browser session.
 */
export function DevMailLink({ email }: { email: string }) {
  const { t } = useTranslation();
  const settings = usePublicSettings();
  if (settings.data?.dev_mail !== true || !email.trim()) return null;
  return (
    <Anchor
      href={`/dev/mail?to=${encodeURIComponent(email.trim())}`}
      target="_blank"
      rel="noopener"
      size="sm"
      ta="center"
      data-testid="dev-mail-link"
    >
      <IconMailCode size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
      {t('verify.dev_mail')}
    </Anchor>
  );
}
