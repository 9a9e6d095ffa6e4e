import {
  Button,
  Collapse,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconChevronDown, IconChevronUp, IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from '../i18n/format';
import { cleanFilters, type FilterValue } from './list-query';

export interface FilterOption {
  value: string;
  label: string;
}

/** A field of the Search Filter panel. `label` is an i18n key. */
export type FilterField =
  | { type: 'text'; name: string; label: string; placeholder?: string }
  | { type: 'select' | 'multiselect'; name: string; label: string; options: FilterOption[] }
  | { type: 'date'; name: string; label: string };

export interface SearchFilterPanelProps {
  fields: readonly FilterField[];
  /** Offers the free-text `q` search too. */
  searchable?: boolean;
  q?: string;
  filter: Record<string, string | string[]>;
  onSearch(search: { q?: string; filter: Record<string, string | string[]> }): void;
  onReset(): void;
}

/**
 * Collapsible "Search Filter" panel of the list screens (spec section 2). It submits only non-empty
 * values, dates as YYYY-MM-DD (spec section 5).
 */
export function SearchFilterPanel({
  fields,
  searchable,
  q,
  filter,
  onSearch,
  onReset,
}: SearchFilterPanelProps) {
  const { t, i18n } = useTranslation();
  const active = Boolean(q) || Object.keys(filter).length > 0;
  const [opened, setOpened] = useState(active);
  const [text, setText] = useState(q ?? '');
  const [values, setValues] = useState<Record<string, FilterValue>>(filter);

  useEffect(() => {
    setText(q ?? '');
    setValues(filter);
  }, [q, filter]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: text.trim() || undefined, filter: cleanFilters(values) });
  };

  const set = (name: string, value: FilterValue) => setValues((v) => ({ ...v, [name]: value }));
  const str = (name: string) => {
    const v = values[name];
    return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
  };

  return (
    <Paper p="md" mb="md" data-testid="search-filter">
      {/* The whole title bar opens and closes the panel, not only the chevron. */}
      <UnstyledButton
        w="100%"
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        data-testid="search-filter-toggle"
      >
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <IconFilter size={18} />
            <Text fw={600}>{t('ui.list.search_filter')}</Text>
            <VisuallyHidden>{t(opened ? 'ui.list.hide_filters' : 'ui.list.show_filters')}</VisuallyHidden>
          </Group>
          {opened ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened}>
        <form onSubmit={submit}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="md">
            {searchable && (
              <TextInput
                label={t('ui.list.search')}
                placeholder={t('ui.list.search_placeholder')}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                leftSection={<IconSearch size={16} />}
              />
            )}
            {fields.map((field) => {
              const label = t(field.label);
              switch (field.type) {
                case 'text':
                  return (
                    <TextInput
                      key={field.name}
                      label={label}
                      placeholder={field.placeholder ? t(field.placeholder) : undefined}
                      value={str(field.name)}
                      onChange={(e) => set(field.name, e.currentTarget.value)}
                    />
                  );
                case 'select':
                  return (
                    <Select
                      key={field.name}
                      label={label}
                      data={field.options}
                      value={str(field.name) || null}
                      onChange={(v) => set(field.name, v)}
                      clearable
                      placeholder={t('ui.list.any')}
                    />
                  );
                case 'multiselect': {
                  const v = values[field.name];
                  return (
                    <MultiSelect
                      key={field.name}
                      label={label}
                      data={field.options}
                      value={Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []}
                      onChange={(next) => set(field.name, next)}
                      clearable
                      placeholder={t('ui.list.any')}
                    />
                  );
                }
                case 'date':
                  return (
                    <DateInput
                      key={field.name}
                      label={label}
                      value={str(field.name) || null}
                      onChange={(v) => set(field.name, v)}
                      valueFormat="YYYY-MM-DD"
                      locale={dayjsLocale(i18n.language)}
                      clearable
                      placeholder="YYYY-MM-DD"
                    />
                  );
              }
              return null;
            })}
          </SimpleGrid>
          <Group justify="flex-end" mt="md" gap="sm">
            <Button
              variant="default"
              leftSection={<IconX size={16} />}
              onClick={() => {
                setText('');
                setValues({});
                onReset();
              }}
            >
              {t('ui.list.reset')}
            </Button>
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              {t('ui.list.apply')}
            </Button>
          </Group>
        </form>
      </Collapse>
    </Paper>
  );
}
