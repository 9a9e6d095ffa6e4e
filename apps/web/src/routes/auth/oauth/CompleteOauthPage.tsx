import { oauthCompleteSchema } from '@lm/contracts';
import { AuthLayout, applyServerErrors, fieldError, usePageTitle, useZodForm } from '@lm/ui';
import { Button, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useFinishLogin } from '../../../app/use-finish-login';
import { useCompleteGoogle } from '../../../hooks/use-auth';
import { GenderSelect } from '../shared/GenderSelect';
import { UserTypePicker } from '../shared/UserTypePicker';
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
          <Controller
            control={form.control}
            name="user_type_id"
            render={({ field, fieldState }) => (
              <UserTypePicker
                value={Number(field.value) || undefined}
                onChange={field.onChange}
                error={fieldError(fieldState.error)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="gender"
            render={({ field, fieldState }) => (
              <GenderSelect
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldError(fieldState.error)}
                required
              />
            )}
          />
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
