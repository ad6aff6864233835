import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useScrollToHash } from '../../components/common/useScrollToHash.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { HELP_SECTIONS } from './helpSections.tsx';

/** /help: how the account pages work. Each section has an anchor (/help#roles) to link to. */
export function HelpPage() {
  usePageTitle('Help');
  useScrollToHash();
  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={1}>Help</Title>
        <Text c="dimmed">How to sign in, manage your team and follow what happens in your organization.</Text>
      </div>
      <Paper withBorder radius="md" p="md" component="nav" aria-label="On this page">
        <Text fw={600} size="sm" mb={4}>
          On this page
        </Text>
        <List size="sm" spacing={2}>
          {HELP_SECTIONS.map((s) => (
            <List.Item key={s.id}>
              <Anchor href={`#${s.id}`}>{s.title}</Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
      {HELP_SECTIONS.map((s) => (
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
    </Stack>
  );
}
