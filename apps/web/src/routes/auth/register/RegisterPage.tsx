import { registerSchema } from '@lm/contracts';
import {
  AuthLayout,
  applyServerErrors,
  browserRegion,
  DateField,
  fieldError,
  PhoneField,
  usePageTitle,
  useZodForm,
} from '@lm/ui';
import { Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '../../../hooks/use-auth';
import { GoogleButton } from '../oauth/GoogleButton';
import { GenderField } from '../shared/GenderSelect';
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
            <TextInput
              label={t('register.first_name')}
              autoComplete="given-name"
              withAsterisk
              error={fieldError(errors.first_name)}
              {...form.register('first_name')}
            />
            <TextInput
              label={t('register.last_name')}
              autoComplete="family-name"
              withAsterisk
              error={fieldError(errors.last_name)}
              {...form.register('last_name')}
            />
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
            <Controller
              control={form.control}
              name="birth_date"
              render={({ field, fieldState }) => (
                <DateField
                  label={t('register.birth_date')}
                  placeholder={t('register.optional')}
                  value={field.value}
                  onChange={field.onChange}
                  maxDate={dayjs().format('YYYY-MM-DD')}
                  minDate="1900-01-01"
                  defaultLevel="decade"
                  error={fieldError(fieldState.error)}
                  data-testid="birth-date"
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="phone_number"
            render={({ field, fieldState }) => (
              <PhoneField
                label={t('register.phone')}
                description={t('register.phone_hint')}
                value={field.value}
                onChange={(v) => field.onChange(v || undefined)}
                onBlur={field.onBlur}
                accountCountry={browserRegion()}
                error={fieldError(fieldState.error)}
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
