import type { ApiPath } from '@lm/ui';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BehalfUser, useBehalfUsers } from '../hooks/use-express';

/**
 * The searchable picker of the user staff act for: approved users of one type from
 * `path`, shown as "name · e-mail"; `initialId` preselects one (a link from the user overview).
 */
export function BehalfUserPicker({
  path,
  label,
  placeholder,
  initialId,
  value,
  onChange,
  error,
  testId,
}: {
  path: ApiPath<'get'>;
  label: string;
  placeholder: string;
  initialId?: number;
  value: BehalfUser | null;
  onChange(user: BehalfUser | null): void;
  error?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const preset = useBehalfUsers(path, { id: initialId });
  const found = useBehalfUsers(path, { q: term });
  useEffect(() => {
    const first = preset.data?.[0];
    if (initialId && first && !value) onChange(first);
  }, [initialId, preset.data, value, onChange]);
  const users = [...(value ? [value] : []), ...(found.data ?? []).filter((u) => u.id !== value?.id)];
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      withAsterisk
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.isFetching ? undefined : t('behalf.none_found')}
      data={users.map((u) => ({ value: String(u.id), label: `${u.name} · ${u.email}` }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(users.find((u) => String(u.id) === id) ?? null)}
      error={error}
      data-testid={testId}
    />
  );
}
