import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useScrollToHash } from './useScrollToHash.ts';

export interface ContentSection {
  /** The anchor: other pages link to /page#id. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A long page in titled sections with an "On this page" list of anchors (help, privacy, terms).
 * Sections are level-2 headings under the page's own h1.
 */
export function ContentSections({ sections }: { sections: ContentSection[] }) {
  useScrollToHash();
  return (
    <>
      <Paper withBorder radius="md" p="md" component="nav" aria-label="On this page">
        <Text fw={600} size="sm" mb={4}>
          On this page
        </Text>
        <List size="sm" spacing={2}>
          {sections.map((s) => (
            <List.Item key={s.id}>
              <Anchor href={`#${s.id}`}>{s.title}</Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
      {sections.map((s) => (
        <Paper
          key={s.id}
          withBorder
          radius="md"
          p="lg"
          component="section"
          id={s.id}
          aria-labelledby={`${s.id}-title`}
          style={{ scrollMarginTop: 72 }}
        >
          <Title order={2} fz="h3" id={`${s.id}-title`} mb="sm">
            {s.title}
          </Title>
          <Stack gap="sm">{s.body}</Stack>
        </Paper>
      ))}
    </>
  );
}

/** An in-text link to another page of the app, for section bodies. */
export const pageLink = (path: string, text: string) => (
  <Anchor component={Link} to={path}>
    {text}
  </Anchor>
);
