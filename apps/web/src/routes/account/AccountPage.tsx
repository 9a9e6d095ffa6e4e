import {
  PROFILE_BIO_MAX,
  type SessionUser,
  USER_STATUS_LABELS,
  type UserStatus,
  updateProfileSchema,
} from '@lm/contracts';
import {
  AVATAR_RULES,
  applyServerErrors,
  countryOptions,
  FileDropZone,
  FormField,
  fieldError,
  formatDate,
  initialsOf,
  isTooLong,
  StatusBadge,
  useFileUpload,
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
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../app/avatar-url';
import { useUpdateProfile } from '../../hooks/use-account';
import { GenderField } from '../auth/shared/GenderSelect';
import { BirthDateInput, NameFields, PhoneNumberInput } from '../auth/shared/PersonFields';
import { ArtistOrganisationCard } from '../organisations/ArtistOrganisationCard';
import { ARTIST_PROFILE_FIELDS, ArtistProfileFields, artistProfileValues } from './ArtistProfileFields';

const FIELDS = [
  'first_name',
  'last_name',
  'gender',
  'birth_date',
  'phone_number',
  'country_code',
  ...ARTIST_PROFILE_FIELDS,
];

/** Profile card: avatar (jpg, jpeg, png upload), name, e-mail, type and status. */
function ProfileCard({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const upload = useFileUpload();
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

/**
 * /account: profile card with avatar upload and one profile form: the personal details and (artists)
 * the artist profile, saved together by one button (a second form's button saved
 * only its own fields and dropped a country chosen above it).
 */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('account.title');
  const session = useSession<SessionUser>();
  const user = session.user!;
  const update = useUpdateProfile();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const isArtist = user.user_type_id === 1;
  const form = useZodForm(updateProfileSchema, {
    values: {
      first_name: user.first_name,
      last_name: user.last_name,
      gender: user.gender ?? undefined,
      birth_date: user.birth_date,
      phone_number: user.phone_number,
      country_code: user.country_code,
      ...(isArtist ? artistProfileValues(user.profile) : {}),
    },
  });
  const { isDirty } = form.formState;
  const bio = (form.watch('bio') ?? '') as string;

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
          <Stack gap="lg">
            <ProfileCard user={user} />
            {isArtist && <ArtistOrganisationCard />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <form onSubmit={submit} noValidate data-testid="profile-form">
            <Stack gap="lg">
              <Card padding="lg" radius="md">
                <Title order={4} mb="md">
                  {t('account.details')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NameFields form={form} />
                  <TextInput label={t('register.email')} value={user.email} readOnly variant="filled" />
                  <GenderField control={form.control} name="gender" />
                  <FormField
                    control={form.control}
                    name="birth_date"
                    render={(input) => <BirthDateInput {...input} cleared={null} />}
                  />
                  <FormField
                    control={form.control}
                    name="phone_number"
                    render={(input) => (
                      <PhoneNumberInput
                        {...input}
                        cleared={null}
                        accountCountry={form.watch('country_code') ?? user.country_code}
                      />
                    )}
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
              </Card>
              {isArtist && (
                <div id="artist-profile">
                  <ArtistProfileFields user={user} form={form} />
                </div>
              )}
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
                  disabled={isTooLong(bio, PROFILE_BIO_MAX)}
                  leftSection={<IconDeviceFloppy size={16} />}
                  data-testid="profile-save"
                >
                  {t('account.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
