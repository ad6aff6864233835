import { Center, Loader } from '@mantine/core';

/** Shown while the first page's chunk loads. */
export function PageLoader() {
  return (
    <Center h="100vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
