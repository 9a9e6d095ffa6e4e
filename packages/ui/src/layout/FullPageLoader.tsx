import { Center, Loader } from '@mantine/core';

/** Centered loader while a lazy screen or the session loads. */
export function FullPageLoader({ inline }: { inline?: boolean }) {
  return (
    <Center mih={inline ? 240 : '100vh'} data-testid="page-loader">
      <Loader />
    </Center>
  );
}
