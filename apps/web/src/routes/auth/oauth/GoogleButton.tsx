import { Button, Divider } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useGoogleRedirect } from '../../../hooks/use-auth';
import { usePublicSettings } from '../../../hooks/use-public-settings';

/**
 * "or" and "Continue with Google", which asks the API for the consent URL and opens it. Neither is shown
 * where the site has no Google sign-in (`setting/all` says `google_sign_in: false`).
 */
export function GoogleButton({ authType = 'login' }: { authType?: 'login' | 'register' }) {
  const { t } = useTranslation();
  const redirect = useGoogleRedirect();
  const settings = usePublicSettings();
  if (settings.data?.google_sign_in === false) return null;
  return (
    <>
      <Divider label={t('login.or')} labelPosition="center" />
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
    </>
  );
}
