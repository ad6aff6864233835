import { Stack, Text, Title } from '@mantine/core';
import { ContentSections } from '../../components/common/ContentSections.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { HELP_SECTIONS } from './helpSections.tsx';

/** /help: how the account pages work. Each section has an anchor (/help#roles) to link to. */
export function HelpPage() {
  usePageTitle('Help');
  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={1}>Help</Title>
        <Text c="dimmed">How to sign in, manage your team and follow what happens in your organization.</Text>
      </div>
      <ContentSections sections={HELP_SECTIONS} />
    </Stack>
  );
}
