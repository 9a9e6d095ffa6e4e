import { oauthCompleteSchema } from '@lm/contracts';
import { AuthLayout, applyServerErrors, usePageTitle, useZodForm } from '@lm/ui';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useFinishLogin } from '../../../app/use-finish-login';
import { useCompleteGoogle } from '../../../hooks/use-auth';
import { GenderField } from '../shared/GenderSelect';
import { UserTypeField } from '../shared/UserTypePicker';
import { clearPendingCompletion, readPendingCompletion } from './mobile-oauth';

/** /complete/oauth: a first Google sign-in chooses its account type and gender, then is signed in. */
export function CompleteOauthPage() {
  const { t } = useTranslation();
  usePageTitle('oauth.complete_title');
  const pending = readPendingCompletion();
  const finish = useFinishLogin();
  const complete = useCompleteGoogle();
  const form = useZodForm(oauthCompleteSchema, {
    defaultValues: { oauth_token: pending?.oauth_token ?? '', user_type_id: 1 },
  });

  if (!pending) return <Navigate to="/login" replace />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const session = await complete.mutateAsync(values);
      clearPendingCompletion();
      finish(session);
    } catch (error) {
      applyServerErrors(error, form.setError, ['user_type_id', 'gender']);
    }
  });

  return (
    <AuthLayout
      title="oauth.complete_title"
      subtitle={t('oauth.complete_text', {
        name: `${pending.first_name} ${pending.last_name}`.trim(),
        email: pending.email,
      })}
      wide
    >
      <form onSubmit={submit} noValidate data-testid="complete-oauth-form">
        <Stack gap="md">
          <UserTypeField control={form.control} name="user_type_id" />
          <GenderField control={form.control} name="gender" required />
          <Text size="xs" c="dimmed">
            {t('register.privacy_notice')}
          </Text>
          <Button type="submit" fullWidth loading={complete.isPending}>
            {t('oauth.complete_submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
