import { NotFoundPage } from '@lm/ui';
import { Center, type CenterProps, Loader } from '@mantine/core';

/**
 * What a back-office record page shows until it has its record: a spinner while the record loads
 * (in a box sized by the Center props, so the page does not jump), then the 404 page when there is
 * none (unknown id, or the request failed). Render it when the query has no data yet.
 */
export function RecordPending({
  loading,
  homePath,
  ...box
}: CenterProps & {
  /** The record's query is still loading (TanStack's `isLoading`). */
  loading: boolean;
  /** Where the 404 page's button leads; the app's home otherwise. */
  homePath?: string;
}) {
  if (loading)
    return (
      <Center {...box}>
        <Loader />
      </Center>
    );
  return <NotFoundPage homePath={homePath} />;
}
