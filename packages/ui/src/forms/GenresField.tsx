import { LIMITS } from '@lm/contracts/limits';
import type { IdName } from '@lm/contracts/staff';
import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  Controller,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useApi } from '../api/api-context';
import { lookupKeys } from '../query-keys/index';
import { fieldError } from './use-zod-form';

/** The shortest search the genre lookup filters by; a shorter one lists the first genres. */
const SEARCH_MIN = 3;

/**
 * Genres matching `q` (the public genre lookup, `user/genre/getAllGenresWithQ`): the first 100
 * matching when `q` holds 3 characters or more, else the first 100.
 */
export function useGenreSearch(q: string) {
  const { api } = useApi();
  const term = q.trim().length >= SEARCH_MIN ? q.trim() : '';
  return useQuery({
    queryKey: lookupKeys.genres(term),
    queryFn: async () =>
      (
        await api.get<IdName[]>('user/genre/getAllGenresWithQ', {
          query: term ? { q: term, limit: 100 } : { limit: 100 },
          silent: true,
        })
      ).data,
    staleTime: 300_000,
  });
}

export interface GenresFieldProps<T extends FieldValues & { genre_ids?: unknown[] }> {
  /** The form holding `genre_ids` (genre ids). */
  form: UseFormReturn<T, unknown, unknown>;
  /** The genres the person already has: their names show before any search finds them. */
  known: IdName[];
  /** Label and hint, already translated. */
  label: string;
  description?: string;
  withAsterisk?: boolean;
  /** What the list says before a search (too short a term), already translated. */
  searchHint: string;
  /** What the list says when a search finds no genre, already translated. */
  noGenres: (term: string) => string;
  'data-testid': string;
}

/**
 * The genres of a person's profile (the back-office's user form, the artist's account, sign-up):
 * searched on the server as one types, at most `LIMITS.genresPerUserMax` (5); choosing one more keeps
 * the choice as it was and shows the rule's message under the field.
 */
export function GenresField<T extends FieldValues & { genre_ids?: unknown[] }>({
  form,
  known,
  label,
  description,
  withAsterisk,
  searchHint,
  noGenres,
  'data-testid': testId,
}: GenresFieldProps<T>) {
  const [search, setSearch] = useState('');
  const options = useGenreSearch(search);
  const names = useRef(new Map<number, string>(known.map((g) => [g.id, g.name])));
  for (const g of options.data ?? []) names.current.set(g.id, g.name);
  const name = 'genre_ids' as Path<T>;
  const selected = (form.watch(name) ?? []) as number[];
  const data = [...new Set([...selected, ...(options.data ?? []).map((g) => g.id)])].map((id) => ({
    value: String(id),
    label: names.current.get(id) ?? String(id),
  }));
  const error = form.formState.errors.genre_ids as FieldError | undefined;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <MultiSelect
          label={label}
          description={description}
          withAsterisk={withAsterisk}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={search.trim().length >= SEARCH_MIN ? noGenres(search.trim()) : searchHint}
          data={data}
          value={((field.value ?? []) as number[]).map(String)}
          onChange={(values) => {
            if (values.length > LIMITS.genresPerUserMax) {
              form.setError(name, { type: 'max', message: 'user.validation.genres_max' });
              return;
            }
            form.clearErrors(name);
            field.onChange(values.map(Number));
          }}
          error={fieldError(error)}
          comboboxProps={{ withinPortal: true }}
          data-testid={testId}
        />
      )}
    />
  );
}
