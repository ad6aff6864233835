import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useOpenApiDocument } from './api.ts';

const ApiReference = lazy(() => import('./ApiReference.tsx').then((m) => ({ default: m.ApiReference })));

export function ApiDocsPage() {
  usePageTitle('API reference');
  const openApi = useOpenApiDocument();

  if (openApi.isPending) return <DocsLoading />;
  if (openApi.isError) {
    return (
      <Stack maw={640}>
        <Title order={1}>API reference</Title>
        <Alert color="red" title="The API reference could not be loaded">
          <Text size="sm" mb="sm">
            {openApi.error.message}
          </Text>
          <Button
            color="red"
            variant="outline"
            loading={openApi.isFetching}
            onClick={() => openApi.refetch()}
          >
            Retry
          </Button>
        </Alert>
      </Stack>
    );
  }
  return (
    <Suspense fallback={<DocsLoading />}>
      <ApiReference document={openApi.data} />
    </Suspense>
  );
}

function DocsLoading() {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">Loading the API reference…</Text>
      </Stack>
    </Center>
  );
}
