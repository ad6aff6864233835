import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { formatPostDate, usePostList } from './api.ts';

/** /blog, public: release notes and explainers, newest first. */
export function BlogListPage() {
  usePageTitle('Blog');
  const posts = usePostList();
  return (
    <Container size="sm">
      <Stack gap="xl">
        <div>
          <Title order={1}>Blog</Title>
          <Text size="lg" mt="xs">
            What is new in PlasTrace, and the rules our users work under, explained with their sources.
          </Text>
        </div>
        {posts.isPending && (
          <Text c="dimmed" role="status">
            Loading the posts…
          </Text>
        )}
        {posts.isError && (
          <Alert color="red" role="alert" title="The posts could not be loaded">
            <Text size="sm" mb="sm">
              Check your connection and try again.
            </Text>
            <Button color="red" variant="outline" size="xs" onClick={() => posts.refetch()}>
              Retry
            </Button>
          </Alert>
        )}
        {posts.data?.length === 0 && <Text c="dimmed">No posts yet.</Text>}
        {posts.data && posts.data.length > 0 && (
          <Stack component="ol" gap="lg" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Posts">
            {posts.data.map((p) => (
              <li key={p.slug}>
                <article aria-labelledby={`post-${p.slug}`}>
                  <Title order={2} fz="h3" id={`post-${p.slug}`}>
                    <Anchor component={Link} to={`/blog/${p.slug}`} underline="hover">
                      {p.title}
                    </Anchor>
                  </Title>
                  <Text size="sm" c="dimmed" mt={4}>
                    <time dateTime={p.date}>{formatPostDate(p.date)}</time> · {p.author}
                  </Text>
                  <Text mt="xs">{p.summary}</Text>
                </article>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
