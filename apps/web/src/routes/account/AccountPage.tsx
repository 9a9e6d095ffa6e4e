import { type SessionUser, USER_STATUS_LABELS, type UserStatus, updateProfileSchema } from '@lm/contracts';
import {
  AVATAR_RULES,
  applyServerErrors,
  countryOptions,
  DateField,
  FileDropZone,
  fieldError,
  formatDate,
  initialsOf,
  StatusBadge,
  usePageTitle,
  useSession,
  useZodForm,
} from '@lm/ui';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../app/avatar-url';
import { useUpdateProfile, useUploadFile } from '../../hooks/use-account';
import { GenderSelect } from '../auth/shared/GenderSelect';
import { normalizePhone } from '../auth/shared/phone';
import { ArtistProfileCard } from './ArtistProfileCard';

const FIELDS = ['first_name', 'last_name', 'gender', 'birth_date', 'phone_number', 'country_code'];

/** Profile card: avatar (jpg, jpeg, png upload), name, e-mail, type and status. */
function ProfileCard({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const upload = useUploadFile();
  const update = useUpdateProfile();
  const status = USER_STATUS_LABELS[user.status as UserStatus];

  const changeAvatar = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const stored = await upload.mutateAsync(file).catch(() => null);
    if (stored) update.mutate({ avatar: stored.file });
  };

  return (
    <Card padding="lg" radius="md">
      <Stack align="center" gap="sm">
        <Avatar
          src={avatarUrl(user.avatar)}
          size={120}
          radius={120}
          color="violet"
          data-testid="account-avatar"
        >
          {initialsOf(user.full_name)}
        </Avatar>
        <Title order={3} ta="center">
          {user.full_name}
        </Title>
        <Text c="dimmed" size="sm">
          {user.email}
        </Text>
        <Group gap="xs">
          <Badge variant="light">{t(`user_types.${user.user_type_id}`)}</Badge>
          {status && <StatusBadge status={status} />}
        </Group>
        {user.birth_date && (
          <Text size="sm" c="dimmed">
            {t('account.born', { date: formatDate(user.birth_date, i18n.language, 'LL') })}
          </Text>
        )}
      </Stack>
      <Stack gap="xs" mt="lg">
        <FileDropZone
          rules={AVATAR_RULES}
          onFiles={changeAvatar}
          loading={upload.isPending || update.isPending}
          label="account.avatar_drop"
        />
        {user.avatar && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => update.mutate({ avatar: null })}
            loading={update.isPending}
          >
            {t('account.avatar_remove')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** /account: profile card with avatar upload, the personal details form and (artists) the artist profile. */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('account.title');
  const session = useSession<SessionUser>();
  const user = session.user!;
  const update = useUpdateProfile();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const form = useZodForm(updateProfileSchema, {
    values: {
      first_name: user.first_name,
      last_name: user.last_name,
      gender: user.gender ?? undefined,
      birth_date: user.birth_date,
      phone_number: user.phone_number,
      country_code: user.country_code,
    },
  });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Stack gap="lg" data-testid="account-page">
      <Title order={2}>{t('account.title')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="lg" radius="md">
            <Title order={4} mb="md">
              {t('account.details')}
            </Title>
            <form onSubmit={submit} noValidate data-testid="profile-form">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('register.first_name')}
                    autoComplete="given-name"
                    error={fieldError(errors.first_name)}
                    {...form.register('first_name')}
                  />
                  <TextInput
                    label={t('register.last_name')}
                    autoComplete="family-name"
                    error={fieldError(errors.last_name)}
                    {...form.register('last_name')}
                  />
                  <TextInput label={t('register.email')} value={user.email} readOnly variant="filled" />
                  <Controller
                    control={form.control}
                    name="gender"
                    render={({ field, fieldState }) => (
                      <GenderSelect
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldError(fieldState.error)}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name="birth_date"
                    render={({ field, fieldState }) => (
                      <DateField
                        label={t('register.birth_date')}
                        value={field.value}
                        onChange={(v) => field.onChange(v ?? null)}
                        maxDate={dayjs().format('YYYY-MM-DD')}
                        minDate="1900-01-01"
                        defaultLevel="decade"
                        error={fieldError(fieldState.error)}
                      />
                    )}
                  />
                  <TextInput
                    label={t('register.phone')}
                    placeholder="+1 202 555 0143"
                    type="tel"
                    dir="ltr"
                    autoComplete="tel"
                    error={fieldError(errors.phone_number)}
                    {...form.register('phone_number', {
                      setValueAs: (v: string) => normalizePhone(v) ?? null,
                    })}
                  />
                  <Controller
                    control={form.control}
                    name="country_code"
                    render={({ field, fieldState }) => (
                      <Select
                        label={t('account.country')}
                        placeholder={t('account.country_placeholder')}
                        data={countries}
                        value={field.value ?? null}
                        onChange={(v) => field.onChange(v ?? null)}
                        searchable
                        clearable
                        nothingFoundMessage={t('ui.list.empty')}
                        data-testid="country-select"
                        error={fieldError(fieldState.error)}
                      />
                    )}
                  />
                </SimpleGrid>
                <Group justify="flex-end">
                  <Button
                    variant="default"
                    onClick={() => form.reset()}
                    disabled={!isDirty || update.isPending}
                  >
                    {t('account.cancel')}
                  </Button>
                  <Button
                    type="submit"
                    loading={update.isPending}
                    leftSection={<IconDeviceFloppy size={16} />}
                  >
                    {t('account.save')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
          {user.user_type_id === 1 && (
            <div style={{ marginTop: 'var(--mantine-spacing-lg)' }} id="artist-profile">
              <ArtistProfileCard user={user} />
            </div>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
