import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { formatPostDate, usePost } from './api.ts';
import { PostBody } from './PostBody.tsx';

const BackLink = () => (
  <Anchor component={Link} to="/blog" size="sm">
    <IconArrowLeft size={14} aria-hidden /> All posts
  </Anchor>
);

/** /blog/:slug, public: one post, or a not-found message that leads back to the list. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  usePageTitle(post.data ? post.data.title : post.isPending ? 'Blog' : 'Post not found');
  return (
    <Container size="sm">
      <Stack gap="lg">
        <BackLink />
        {post.isPending && (
          <Text c="dimmed" role="status">
            Loading the post…
          </Text>
        )}
        {post.isError && (
          <Alert color="red" role="alert" title="The post could not be loaded">
            <Text size="sm" mb="sm">
              Check your connection and try again.
            </Text>
            <Button color="red" variant="outline" size="xs" onClick={() => post.refetch()}>
              Retry
            </Button>
          </Alert>
        )}
        {post.data === null && (
          <div>
            <Title order={1}>Post not found</Title>
            <Text mt="xs">
              No post has this address; it may have been renamed.{' '}
              <Anchor component={Link} to="/blog">
                See every post
              </Anchor>
              .
            </Text>
          </div>
        )}
        {post.data && (
          <article aria-labelledby="post-title">
            <Title order={1} id="post-title">
              {post.data.title}
            </Title>
            <Text size="sm" c="dimmed" mt={4} mb="lg">
              <time dateTime={post.data.date}>{formatPostDate(post.data.date)}</time> · {post.data.author}
            </Text>
            <PostBody markdown={post.data.body} />
          </article>
        )}
      </Stack>
    </Container>
  );
}
