import { Button } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useGoogleRedirect } from '../../../hooks/use-auth';

/** "Continue with Google": asks the API for the consent URL and opens it. */
export function GoogleButton({ authType = 'login' }: { authType?: 'login' | 'register' }) {
  const { t } = useTranslation();
  const redirect = useGoogleRedirect();
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconBrandGoogleFilled size={18} />}
      loading={redirect.isPending}
      onClick={() => redirect.mutate(authType, { onSuccess: (url) => window.location.assign(url) })}
      data-testid="google-login"
    >
      {t('login.google')}
    </Button>
  );
}
