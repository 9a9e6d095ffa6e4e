import {
  ADMIN_SEARCH_MIN_TEXT,
  type AdminSearchItem,
  type AdminSearchKind,
} from '@lm/contracts/admin-search';
import { ActionIcon, Combobox, Group, Kbd, Loader, Modal, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGlobalSearch } from '../hooks/use-search';

const CAMPAIGN_PATHS = {
  spotify: '/express-campaigns/',
  tiktok: '/express-tiktok-campaigns/',
  instagram: '/express-instagram-campaigns/',
  custom: '/campaigns/custom/',
} as const;

/** The back-office address of a record the search found. */
export function searchResultPath(kind: AdminSearchKind, item: AdminSearchItem): string {
  switch (kind) {
    case 'users':
      return `/users/${item.id}`;
    case 'campaigns':
      return `${CAMPAIGN_PATHS[item.campaign_kind ?? 'spotify']}${item.id}`;
    case 'tickets':
      return `/tickets/details/${item.id}`;
    case 'payouts':
      return `/payouts/${item.id}`;
    case 'transactions':
      return `/wallet/transaction/view?id=${item.id}`;
  }
}

/** A query the API searches: 2 characters or more, or a number such as `7` or `#7`. */
const searchable = (q: string) => q.length >= ADMIN_SEARCH_MIN_TEXT || /^#?\d+$/.test(q);

/**
 * The header's global search (issue 36 "Lists"): users, campaigns, tickets, payouts and transactions
 * the staff member may open, grouped by kind. Keyboard first: `/` or Ctrl+K (⌘K) focuses it, the arrow
 * keys move through the results (a combobox over a listbox), Enter opens one, Escape closes; the query
 * waits 250 ms after the last key.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [q] = useDebouncedValue(value.trim(), 250);
  const enabled = searchable(q);
  const search = useGlobalSearch(q, enabled);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // On a phone the top bar has no room for a field beside the language, skin, bell and account
  // buttons: an icon opens the same field in a full-screen dialog (36em is Mantine's `xs`).
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [dialog, { open: openDialog, close: closeDialog }] = useDisclosure(false);
  const focus = () => {
    if (phone && !dialog) openDialog();
    input.current?.focus();
    input.current?.select();
  };
  useHotkeys([
    ['mod+K', focus],
    ['/', focus],
  ]);

  const answer = enabled ? search.data : undefined;
  const groups = answer?.groups ?? [];
  // The first result is active as soon as results come, so Enter opens it.
  useEffect(() => {
    if (groups.length > 0) combobox.selectFirstOption();
  }, [groups, combobox]);

  const open = (path: string) => {
    combobox.closeDropdown();
    setValue('');
    input.current?.blur();
    closeDialog();
    navigate(path);
  };

  const status = (() => {
    if (!value.trim()) return null;
    if (!searchable(value.trim())) return t('admin.search.too_short');
    if (search.isError) return t('admin.search.failed');
    if (!answer || search.isFetching) return null;
    if (answer.kinds.length === 0) return t('admin.search.no_kinds');
    if (groups.length === 0) return t('admin.search.nothing', { q: answer.q });
    return null;
  })();

  const field = (
    <Combobox
      store={combobox}
      onOptionSubmit={open}
      position="bottom-start"
      width="min(92vw, 440px)"
      withinPortal
      shadow="md"
    >
      {/* The combobox pattern (WAI-ARIA): Mantine gives the field role="combobox", aria-expanded, and
          aria-controls naming the listbox while it is open. */}
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={input}
          aria-label={t('admin.search.label')}
          aria-autocomplete="list"
          placeholder={t('admin.search.placeholder')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => value.trim() && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              combobox.closeDropdown();
              if (!combobox.dropdownOpened) e.currentTarget.blur();
            }
          }}
          leftSection={search.isFetching ? <Loader size={14} /> : <IconSearch size={16} />}
          rightSection={
            <Kbd size="xs" visibleFrom="md">
              /
            </Kbd>
          }
          rightSectionPointerEvents="none"
          w={phone ? '100%' : { base: 130, xs: 200, md: 300 }}
          data-autofocus={phone || undefined}
          data-testid="global-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!value.trim()}>
        <Combobox.Options
          aria-label={t('admin.search.results')}
          mah="min(70vh, 520px)"
          style={{ overflowY: 'auto' }}
        >
          {groups.map((g) => (
            <Combobox.Group key={g.kind} label={t(`admin.search.kind.${g.kind}`)}>
              {g.items.map((item) => (
                <Combobox.Option key={`${g.kind}-${item.id}`} value={searchResultPath(g.kind, item)}>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" truncate>
                        {item.title}
                      </Text>
                      {item.subtitle && (
                        <Text size="xs" c="dimmed" truncate>
                          {item.subtitle}
                        </Text>
                      )}
                    </div>
                    {item.number && item.number !== item.title && (
                      <Text size="xs" c="dimmed" dir="ltr" style={{ flexShrink: 0 }}>
                        {item.number}
                      </Text>
                    )}
                  </Group>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ))}
          {status && <Combobox.Empty>{status}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );

  if (!phone) return field;
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('admin.search.label')}
        onClick={openDialog}
        data-testid="global-search-open"
      >
        <IconSearch size={20} />
      </ActionIcon>
      <Modal opened={dialog} onClose={closeDialog} title={t('admin.search.label')} fullScreen>
        {field}
      </Modal>
    </>
  );
}
