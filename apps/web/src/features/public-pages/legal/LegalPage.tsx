import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ContentSection, ContentSections } from '../../../components/common/ContentSections.tsx';

/** When the texts were last changed; a change to either page updates it. */
export const LEGAL_UPDATED = '22 November 2026';

interface LegalPageProps {
  title: string;
  intro: ReactNode;
  sections: ContentSection[];
}

/** Privacy and terms: the same frame, sections with anchors others can link to (/privacy#rights). */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  return (
    <Container size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            Last updated {LEGAL_UPDATED}
          </Text>
        </div>
        <Text>{intro}</Text>
        <ContentSections sections={sections} />
      </Stack>
    </Container>
  );
}
