import { Alert, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface QueryContentProps<T> {
  /** A query's state: `data` is absent while loading and when the record does not exist. */
  query: { isLoading: boolean; data?: T | null };
  /** Height in pixels of the placeholder shown while loading. */
  skeletonHeight: number;
  /** Translation key of the red notice shown when the query ended without a record. */
  notFound: string;
  children: (data: T) => ReactNode;
}

/**
 * The three states of a detail screen's record: a placeholder while it loads, a red notice when
 * there is none (not found, or the request failed), and the record itself.
 */
export function QueryContent<T>({ query, skeletonHeight, notFound, children }: QueryContentProps<T>) {
  const { t } = useTranslation();
  if (query.isLoading) return <Skeleton h={skeletonHeight} radius="md" />;
  if (!query.data) return <Alert color="red">{t(notFound)}</Alert>;
  return <>{children(query.data)}</>;
}
