import { registerSchema } from '@lm/contracts';
import {
  AuthLayout,
  applyServerErrors,
  browserRegion,
  FormField,
  fieldError,
  usePageTitle,
  useZodForm,
} from '@lm/ui';
import { Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '../../../hooks/use-auth';
import { GoogleButton } from '../oauth/GoogleButton';
import { GenderField } from '../shared/GenderSelect';
import { BirthDateInput, NameFields, PhoneNumberInput } from '../shared/PersonFields';
import { UserTypeField } from '../shared/UserTypePicker';

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirmation',
  'gender',
  'user_type_id',
  'birth_date',
  'phone_number',
];

/**
 * /register: account type (artist, curator or other), names, e-mail, gender, optional birth date
 * and phone, password. On success a 6-digit code is emailed and the user goes to /verify-user.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle('register.title');
  const navigate = useNavigate();
  const register = useRegister();
  const form = useZodForm(registerSchema, {
    defaultValues: {
      user_type_id: 1,
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const data = await register.mutateAsync(values);
      navigate(`/verify-user?email=${encodeURIComponent(data.email)}`);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <AuthLayout title="register.title" subtitle="register.subtitle" wide>
      <form onSubmit={submit} noValidate data-testid="register-form">
        <Stack gap="md">
          <UserTypeField control={form.control} name="user_type_id" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NameFields form={form} required />
          </SimpleGrid>
          <TextInput
            label={t('register.email')}
            type="email"
            autoComplete="email"
            placeholder="name@example.com"
            withAsterisk
            error={fieldError(errors.email)}
            {...form.register('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <GenderField control={form.control} name="gender" required />
            <FormField
              control={form.control}
              name="birth_date"
              render={(input) => (
                <BirthDateInput
                  {...input}
                  cleared={undefined}
                  placeholder={t('register.optional')}
                  data-testid="birth-date"
                />
              )}
            />
          </SimpleGrid>
          <FormField
            control={form.control}
            name="phone_number"
            render={(input) => (
              <PhoneNumberInput
                {...input}
                cleared={undefined}
                accountCountry={browserRegion()}
                description={t('register.phone_hint')}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('register.password')}
              autoComplete="new-password"
              withAsterisk
              error={fieldError(errors.password)}
              {...form.register('password')}
            />
            <PasswordInput
              label={t('register.password_confirmation')}
              autoComplete="new-password"
              withAsterisk
              error={fieldError(errors.password_confirmation)}
              {...form.register('password_confirmation')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('register.password_hint')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('register.privacy_notice')}{' '}
            <Anchor component={Link} to="/privacy" size="xs">
              {t('privacy.title')}
            </Anchor>
          </Text>
          <Button type="submit" fullWidth loading={register.isPending}>
            {t('register.submit')}
          </Button>
          <GoogleButton authType="register" />
          <Group justify="center" gap={6}>
            <Text size="sm">{t('register.have_account')}</Text>
            <Anchor component={Link} to="/login" size="sm" fw={600}>
              {t('register.sign_in')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
