import { Button, Center } from '@mantine/core';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Fetches the next page of a cursor-paginated list; hidden on the last page. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <Center>
      <Button variant="default" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
        Load more
      </Button>
    </Center>
  );
}
