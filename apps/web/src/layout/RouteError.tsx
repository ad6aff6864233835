import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/**
 * Catches what a page throws, most often a page chunk that failed to load (offline, or an old
 * tab after a deploy replaced the chunks); a reload fetches the current ones.
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <Container component="main" size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">{error instanceof Error ? error.message : 'The page could not be shown.'}</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  );
}
